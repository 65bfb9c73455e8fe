#if canImport(SwiftUI)
  import SwiftUI

  extension StyledText {
    /// The text for a SwiftUI `Text`: matched and typed runs bold, the completion in `light`.
    func swiftUIText(light: Color = .secondary) -> AttributedString {
      var result = attributedString
      for run in result.runs {
        switch run[TextRunStyleAttribute.self] {
        case .matched?, .typed?: result[run.range].font = Font.body.bold()
        case .completion?: result[run.range].foregroundColor = light
        case .plain?, nil: break
        }
      }
      return result
    }
  }
#endif
