import AutocompleteCities
import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// The composer examples' `@` people, limited to the current channel's members: a `ListSource`
/// scoped to `People.channelFilter(_:)`. A non-member is never offered, whatever is typed, whatever
/// filter the session adds, and after a channel switch.
@MainActor @Suite struct ChannelMentionsTests {
  /// The composer's `@` trigger for `channel`, as the examples build it.
  static func mentionTrigger(in channel: String) -> SessionTrigger {
    SessionTrigger("@", source: People.mentionSource(in: channel), insertsMention: true)
  }

  static func handle(_ item: AutocompleteItem) -> String { item.payload as? String ?? "" }

  static func isMember(_ item: AutocompleteItem, of channel: String) -> Bool {
    item.attributes["channels"]?.stringValues.contains(channel) == true
  }

  /// The handles offered for `@text`.
  static func offered(_ session: AutocompleteSession, _ text: String) -> [String] {
    session.textChanged("@" + text)
    return session.state.suggestions.compactMap { $0.payload(as: AutocompleteItem.self).map(handle) }
  }

  @Test(.offThePool) func theChannelsSplitThePeople() {
    #expect(People.members.count == People.all.count)
    #expect(People.members.allSatisfy { Self.isMember($0, of: "general") })
    for channel in ["design", "mobile"] {
      let count = People.members.filter { Self.isMember($0, of: channel) }.count
      #expect(count > 0 && count < People.members.count)
    }
  }

  @Test(.offThePool) func aNonMemberIsNeverOffered() {
    for channel in People.channels {
      let session = AutocompleteSession(
        configuration: SessionConfiguration(
          triggers: [Self.mentionTrigger(in: channel)], searchOptions: SearchOptions(mode: .words),
          minimumQueryLength: 0))
      for person in People.members {
        let handle = Self.handle(person)
        let rows = Self.offered(session, handle)
        #expect(rows.contains(handle) == Self.isMember(person, of: channel), "\(handle) in \(channel)")
        let members = Set(People.members.filter { Self.isMember($0, of: channel) }.map(Self.handle))
        #expect(rows.allSatisfy(members.contains), "@\(handle) in \(channel) offered \(rows)")
      }
      // An empty token lists members only; a filter of the session's own cannot widen the scope.
      session.searchFilter = Attribute("channels") == "general" || !Attribute("channels").exists
      let everyone = Self.offered(session, "")
      #expect(!everyone.isEmpty)
      #expect(
        everyone.allSatisfy { handle in
          Self.isMember(People.members.first { Self.handle($0) == handle }!, of: channel)
        })
    }
  }

  @Test(.offThePool) func switchingTheChannelChangesWhoIsOffered() {
    let outsider = People.members.first { !Self.isMember($0, of: "design") }!
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        triggers: [Self.mentionTrigger(in: "general")], minimumQueryLength: 0))
    #expect(Self.offered(session, Self.handle(outsider)).contains(Self.handle(outsider)))
    session.configuration.triggers = [Self.mentionTrigger(in: "design")]
    #expect(session.state.suggestions.isEmpty)
    #expect(!Self.offered(session, Self.handle(outsider)).contains(Self.handle(outsider)))
    #expect(!Self.offered(session, "").contains(Self.handle(outsider)))
  }
}
