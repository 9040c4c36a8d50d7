import Foundation
import Testing
import Yaia

@testable import YaiaInspector
@testable import YaiaInspectorServer

/// Sends `body` as an event for shell 1 of `session` from a new page; the status and its error.
func askSend(_ base: URL, token: String, session: String, _ body: String) async throws -> (
  Int, String
) {
  let page = try await openPage(base, token: token)
  let (status, answer) = try await request(
    base, "/api/send", method: "POST",
    query: ["token": token, "shell": "\(session):1", "page": "\(page)"], body: Data(body.utf8))
  let error = (try? JSONSerialization.jsonObject(with: answer) as? [String: String])?["error"]
  return (status, error ?? "")
}

@Suite("Events sent from the page: opt-in, read by the app's own Codable, refusals said")
struct InspectorDispatchTests {
  @Test(
    "an event from the page reaches a shell that takes them; one that does not read is refused, saying why"
  )
  @MainActor
  func sendsAndRefuses() async throws {
    try await withInspector { server, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress("http://127.0.0.1:\(base.port ?? 0)/?token=\(token)"),
        app: "dispatch", options: .patient)
      let shell = Shell(SignInState()) { _, _ in }
      inspector.inspect(shell, name: "sign in", dispatch: .on())
      shell.send(.typedName("ada"))
      #expect(await inspector.flush(timeout: .seconds(30)))
      let session = inspector.session

      let (sent, _) = try await askSend(
        base, token: token, session: session, #"{"typedName":{"_0":"grace"}}"#)
      #expect(sent == 202)
      // The app's next batch (four a second for a shell that takes events) brings it.
      let deadline = ContinuousClock.now + .seconds(30)
      while shell.state.name != "grace" {
        guard ContinuousClock.now < deadline else {
          Issue.record("the event did not reach the shell within 30 s: \(shell.state)")
          return
        }
        try await Task.sleep(for: .milliseconds(10))
      }

      // Valid JSON that is no event of the shell's: the app says why, on the page.
      #expect(
        try await askSend(base, token: token, session: session, #"{"shout":{}}"#).0 == 202)
      let key = InspectorLog.ShellKey(session: session, shell: 1)
      let refusedBy = ContinuousClock.now + .seconds(30)
      var refusal: String?
      while refusal == nil, ContinuousClock.now < refusedBy {
        _ = await inspector.flush(timeout: .seconds(30))
        refusal = await server.snapshot.records.lazy.compactMap { record -> String? in
          guard case .message(.eventRefused(let shell, let reason)) = record.body,
            shell == key.shell
          else { return nil }
          return reason
        }.first
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(
        refusal?.contains("does not read as YaiaInspectorTests.SignInState.Event") == true,
        "\(refusal ?? "none")")
      #expect(shell.state.name == "grace", "an event that does not read is not sent")

      // What the server refuses itself, each saying why.
      let refused: [(String, Int, String)] = [
        ("not json", 409, "the event is not JSON"),
        (String(repeating: " ", count: 5_000), 413, "an event"),
      ]
      for (body, status, reason) in refused {
        let (answer, error) = try await askSend(base, token: token, session: session, body)
        #expect(answer == status, "\(error)")
        #expect(error.contains(reason), "\(error)")
      }
      await inspector.disconnect()
    }
  }

  @Test(
    "a shell inspected without dispatch takes no events, and the page is told how to allow them")
  @MainActor
  func offByDefault() async throws {
    try await withInspector { _, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress("http://127.0.0.1:\(base.port ?? 0)/?token=\(token)"),
        app: "no dispatch", options: .patient)
      let shell = Shell(SignInState()) { _, _ in }
      inspector.inspect(shell, name: "sign in")
      #expect(await inspector.flush(timeout: .seconds(30)))
      let (status, error) = try await askSend(
        base, token: token, session: inspector.session, #"{"submit":{}}"#)
      #expect(status == 409)
      #expect(error.contains("dispatch: .on()"), "\(error)")
      await inspector.disconnect()
    }
  }

  @Test("an answer carries at most 8 events of at most 4 KiB each, and reads back as written")
  func answerBounds() throws {
    let answer = InspectorAnswer(
      jumps: [InspectorJumpRequest(shell: 1, index: 2)],
      events: [InspectorEventRequest(shell: 1, json: #"{"a":"\"quoted\""}"#)])
    #expect(try InspectorAnswer(wire: answer.wireBytes()) == answer)
    let many = InspectorAnswer(
      jumps: [], events: Array(repeating: InspectorEventRequest(shell: 1, json: "{}"), count: 9))
    #expect(throws: InspectorWireError.self) { try InspectorAnswer(wire: many.wireBytes()) }
    let long = InspectorAnswer(
      jumps: [],
      events: [InspectorEventRequest(shell: 1, json: String(repeating: "x", count: 4_097))])
    #expect(throws: InspectorWireError.self) { try InspectorAnswer(wire: long.wireBytes()) }
    // An answer of jumps alone is written as before: older apps read it.
    #expect(
      String(decoding: InspectorAnswer(jumps: []).wireBytes(), as: UTF8.self) == #"{"jumps":[]}"#)
  }
}
