import Foundation
import Testing

@Suite("autocomplete mentions")
struct MentionsCommandTests {
  let stored = "Hi <mention|@|u1|@morgan> &amp; <mention|#|BR|#Brazil>!"

  @Test func listsTheMentions() async throws {
    let outcome = try await CommandRunner.run(["mentions", stored])
    #expect(outcome.status == 0)
    #expect(outcome.stdout == "Hi @morgan & #Brazil!\n@morgan\t@\tu1\t3..<10\n#Brazil\t#\tBR\t13..<20\n")
  }

  @Test func convertsBetweenForms() async throws {
    let slack = try await CommandRunner.run(["mentions", "--to", "slack", stored])
    #expect(slack.stdout == "Hi <@u1|@morgan> &amp; <#BR|#Brazil>!\n")
    let markdown = try await CommandRunner.run(["mentions", "--to", "markdown", stored])
    #expect(markdown.stdout == "Hi [@morgan](mention:u1) & [#Brazil](mention:BR)!\n")
    let back = try await CommandRunner.run(
      ["mentions", "--from", "markdown", "--to", "default"], stdin: Data((markdown.stdout).utf8))
    #expect(back.stdout == stored + "\n")
    let text = try await CommandRunner.run(["mentions", "--from", "slack", "--to", "text", "<@U1> hi"])
    #expect(text.stdout == "@U1 hi\n")
  }

  @Test func malformedInputIsPlainTextWithAClearError() async throws {
    let outcome = try await CommandRunner.run(["mentions", "Hi <mention|@|u1|@morgan"])
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "Hi <mention|@|u1|@morgan\n")
    #expect(
      outcome.stderr == "autocomplete: malformed mention markup at UTF-8 offset 3: no closing '>' after '<'\n"
    )
  }
}
