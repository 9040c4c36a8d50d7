import YaiaInspector

/// One entry of the log the page reads: an app appeared, went quiet or left; a message from
/// an app; or a problem the inspector met. Numbered, so that the page asks only for what it has
/// not seen.
///
/// ```json
/// {"sequence": 12, "session": "9f2c…", "kind": "message", "message": {"kind": "step", …}, "changes": […]}
/// ```
struct PageRecord: Equatable {
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

  /// Writes the record as the page reads it.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("sequence")
      json.int(sequence)
      json.key("session")
      json.string(session)
      switch body {
      case .app(let name, let status):
        json.key("kind")
        json.string("app")
        json.key("name")
        json.string(name)
        json.key("status")
        json.string(status)
      case .message(let message):
        json.key("kind")
        json.string("message")
        json.key("message")
        message.write(to: &json)
        if !changes.isEmpty {
          json.key("changes")
          json.array { json in
            for change in changes {
              json.object { json in
                json.key("path")
                json.string(change.path)
                if let before = change.before {
                  json.key("before")
                  before.write(to: &json)
                }
                if let after = change.after {
                  json.key("after")
                  after.write(to: &json)
                }
              }
            }
          }
        }
      case .problem(let text):
        json.key("kind")
        json.string("problem")
        json.key("text")
        json.string(text)
      }
    }
  }
}

/// What the page receives when it asks for news: records after its cursor, the new cursor,
/// how many records it missed because the log let them go, whether more are waiting, and the
/// shells another page took from it.
struct PageUpdates: Equatable {
  var records: [PageRecord]
  var cursor: Int
  var missed: Int
  var more: Bool
  var lostShells: [String] = []

  /// Writes the answer as the page reads it.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("records")
      json.array { json in for record in records { record.write(to: &json) } }
      json.key("cursor")
      json.int(cursor)
      json.key("missed")
      json.int(missed)
      json.key("more")
      json.bool(more)
      json.key("lostShells")
      json.array { json in for shell in lostShells { json.string(shell) } }
    }
  }
}
