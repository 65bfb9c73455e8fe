import AutocompleteCore

extension People {
  /// The demo's chat channels, for the composer's channel switch: everyone is in `general`, some
  /// people in `design` and `mobile`.
  public static let channels = ["general", "design", "mobile"]

  /// ``all`` with a `channels` attribute: the channels each person is a member of. Everyone is in
  /// `general`; the first person and every third after is in `design`; the second and every other
  /// after is in `mobile`.
  public static let members: [AutocompleteItem] = zip(all.indices, all).map { index, person in
    var item = person
    item.attributes["channels"] = .strings(channels(ofPersonAt: index))
    return item
  }

  /// The members of `channel`, as a filter (`channels:=design`): the scope of a `@` source that
  /// must never offer anyone else.
  public static func channelFilter(_ channel: String) -> AttributeFilter {
    Attribute("channels") == channel
  }

  /// The `@` source of a composer in `channel`: the channel's members only, whatever is typed and
  /// whatever filter the session adds (the channel is the source's scope). Rows show "Name
  /// (@handle)" and complete as the handle, after the `@` a trigger keeps; the payload is the item,
  /// whose own payload is the handle.
  public static func mentionSource(in channel: String) -> ListSource<AutocompleteItem> {
    ListSource(mentionItems, scope: channelFilter(channel))
  }

  /// ``members`` completing as their handles without "@".
  static let mentionItems: [AutocompleteItem] = members.map { person in
    var item = person
    item.completionText = (person.payload as? String) ?? person.searchText
    return item
  }

  /// The channels of the person at `index` of ``directory``.
  static func channels(ofPersonAt index: Int) -> [String] {
    ["general"] + (index % 3 == 0 ? ["design"] : []) + (index % 2 == 1 ? ["mobile"] : [])
  }
}
