import TestSupport
import Testing

@testable import autocomplete

/// `--preview`'s placeholders: quoted as fzf quotes them, `{n}` unquoted, no run without a row.
@Suite("preview command placeholders")
struct PreviewTemplateTests {
  let subject = PreviewTemplate.Subject(line: "it's a file", index: 41, query: "q 'x")

  @Test(.offThePool) func placeholdersAreQuotedLikeFzf() {
    let template = PreviewTemplate(command: "cat {} --query={q} -n {n}")
    #expect(template.expanded(for: subject) == #"cat 'it'\''s a file' --query='q '\''x' -n 41"#)
  }

  @Test(.offThePool) func hostileLinesStayOneArgument() {
    let line = "a; rm -rf / $(reboot) `x` \"y\" \\ \n"
    let expanded = PreviewTemplate(command: "printf %s {}").expanded(for: .init(line: line, query: ""))
    #expect(expanded == "printf %s '" + line + "'")
  }

  @Test(.offThePool) func withoutARowACommandNeedingOneIsNotRun() {
    #expect(PreviewTemplate(command: "cat {}").expanded(for: .init(line: nil, query: "x")) == nil)
    #expect(PreviewTemplate(command: "echo {q}").expanded(for: .init(line: nil, query: "x")) == "echo 'x'")
  }

  @Test(.offThePool) func markedRowsAndOtherBraces() {
    let template = PreviewTemplate(command: "wc {+} {x} {")
    #expect(
      template.expanded(for: .init(line: "a", query: "", marked: ["b", "c d"])) == "wc 'b' 'c d' {x} {")
    #expect(template.expanded(for: .init(line: "a", query: "")) == "wc 'a' {x} {")
  }

  @Test(.offThePool) func fieldPlaceholders() {
    var template = PreviewTemplate(
      command: "bat {1} --line {2} # {-1} {2..} {x}", delimiter: FieldDelimiter(":"))
    let subject = PreviewTemplate.Subject(line: "src/it's.c:12: int main", query: "")
    #expect(
      template.expanded(for: subject) == #"bat 'src/it'\''s.c' --line '12' # 'int main' '12: int main' {x}"#)
    template = PreviewTemplate(command: "echo {2}")
    #expect(template.expanded(for: .init(line: "  one   two  three", query: "")) == "echo 'two'")
    #expect(template.expanded(for: .init(line: nil, query: "")) == nil)
    #expect(template.expanded(for: .init(line: "one", query: "")) == "echo ''")
  }
}
