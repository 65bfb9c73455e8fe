import Foundation

/// Where a floating list goes in VoiceOver's order: right after its field, so one swipe right from
/// the field reaches the first row, although the list lives elsewhere in the view hierarchy (UIKit
/// adds it to the field's view controller's view, above everything).
public enum AccessibilityOrder {
  /// The indices of `frames` in reading order: top to bottom, then leading to trailing (right to
  /// left in a right-to-left layout). Frames whose tops are within `tolerance` points share a line.
  public static func readingOrder(of frames: [CGRect], isRightToLeft: Bool = false, tolerance: CGFloat = 1)
    -> [Int]
  {
    frames.indices.sorted { a, b in
      let (fa, fb) = (frames[a], frames[b])
      if abs(fa.minY - fb.minY) > tolerance { return fa.minY < fb.minY }
      if fa.minX != fb.minX { return isRightToLeft ? fa.maxX > fb.maxX : fa.minX < fb.minX }
      return a < b
    }
  }

  /// `elements` with `list` moved (or added) right after the element `isField` accepts; at the end
  /// when none does.
  public static func inserting<Element>(
    _ list: Element, into elements: [Element], isList: (Element) -> Bool,
    afterFirst isField: (Element) -> Bool
  ) -> [Element] {
    var result = elements.filter { !isList($0) }
    let index = result.firstIndex(where: isField).map { $0 + 1 } ?? result.endIndex
    result.insert(list, at: index)
    return result
  }
}
