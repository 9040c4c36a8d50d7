import YaiaInspector

/// One entry of the log the page reads: an app appeared, went quiet or left; a message from
/// an app; or a problem the inspector met. Numbered, so that the page asks only for what it has
/// not seen.
///
/// ```json
/// {"sequence": 12, "session": "9f2c…", "kind": "message", "message": {"kind": "step", …}, "changes": […]}
/// ```
struct PageRecord: Encodable, Equatable {
  enum Body: Equatable {
    /// An app's connection changed: `connected`, `silent` (it stopped sending) or `ended`.
    case app(name: String, status: String)
    /// A message from the app.
    case message(InspectorMessage)
    /// Something the inspector could not take, in a sentence.
    case problem(String)
  }

  var sequence: Int
  /// The app connection it belongs to; empty for the server's own problems.
  var session: String
  var body: Body
  /// For a step that changed the view model: the field-level changes, computed here.
  var changes: [InspectedChange]

  private enum Key: String, CodingKey {
    case sequence, session, kind, name, status, message, text, changes
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(sequence, forKey: .sequence)
    try container.encode(session, forKey: .session)
    switch body {
    case .app(let name, let status):
      try container.encode("app", forKey: .kind)
      try container.encode(name, forKey: .name)
      try container.encode(status, forKey: .status)
    case .message(let message):
      try container.encode("message", forKey: .kind)
      try container.encode(message, forKey: .message)
      if !changes.isEmpty { try container.encode(changes, forKey: .changes) }
    case .problem(let text):
      try container.encode("problem", forKey: .kind)
      try container.encode(text, forKey: .text)
    }
  }
}

/// What the page receives when it asks for news: records after its cursor, the new cursor,
/// how many records it missed because the log let them go, whether more are waiting, and the
/// shells another page took from it.
struct PageUpdates: Encodable, Equatable {
  var records: [PageRecord]
  var cursor: Int
  var missed: Int
  var more: Bool
  var lostShells: [String] = []
}
