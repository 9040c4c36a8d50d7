import YaiaHTTP
import YaiaInspector

/// One entry of the log the page reads: an app appeared, went quiet or left; a message from
/// an app; or a problem the inspector met. Numbered, so that the page asks only for what it has
/// not seen.
///
/// ```json
/// {"sequence": 12, "session": "9f2c…", "kind": "message", "message": {"kind": "step", …}, "paths": ["rows[2].title"]}
/// ```
struct PageRecord: Equatable {
  enum Body: Equatable {
    /// An app's connection changed: `connected`, `silent` (it stopped sending) or `ended`.
    case app(name: String, status: String)
    /// A message from the app.
    case message(InspectorMessage)
    /// Something the inspector could not take, in a sentence.
    case problem(String)
    /// A page paused or resumed recording a shell's steps; on resuming, how many it skipped.
    case recording(shell: Int, paused: Bool, skipped: Int)
  }

  var sequence: Int
  /// The app connection it belongs to; empty for the server's own problems.
  var session: String
  var body: Body
  /// For a step that changed the view model: where it changed (the first
  /// ``mostPaths`` paths), so the timeline can say so without the values. The values, and the
  /// view model itself, are read on demand (``InspectorLog/stepDetail(of:index:)``): a record
  /// carries what changed, never the whole view model.
  var changedPaths: [String]
  /// How many more paths changed than ``changedPaths`` lists.
  var morePaths: Int

  /// The most paths a record lists.
  static let mostPaths = 8

  init(sequence: Int, session: String, body: Body, changes: [InspectedChange] = []) {
    self.sequence = sequence
    self.session = session
    self.body = body
    changedPaths = changes.prefix(Self.mostPaths).map {
      $0.path.isEmpty ? "(whole value)" : $0.path
    }
    morePaths = max(0, changes.count - Self.mostPaths)
  }

  /// Writes the record as the page reads it: a step without its view model.
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
        if case .step(var step) = message {
          step.viewModel = nil
          InspectorMessage.step(step).write(to: &json)
        } else {
          message.write(to: &json)
        }
        if !changedPaths.isEmpty {
          json.key("paths")
          json.strings(changedPaths)
          if morePaths > 0 {
            json.key("morePaths")
            json.int(morePaths)
          }
        }
      case .problem(let text):
        json.key("kind")
        json.string("problem")
        json.key("text")
        json.string(text)
      case .recording(let shell, let paused, let skipped):
        json.key("kind")
        json.string("recording")
        json.key("shell")
        json.int(shell)
        json.key("paused")
        json.bool(paused)
        json.key("skipped")
        json.int(skipped)
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
  /// The id of the inspector's run (see `InspectorHub.instance`).
  var inspector = ""

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
      json.key("inspector")
      json.string(inspector)
    }
  }
}
