import Foundation
import Testing
import Yaia

@testable import YaiaInspector

/// What only the inspector's insides show (its buffer), apart from the server tests: those use
/// public API only, as the README's and the article's examples standing in them do.
@Suite("An inspector that is not connected records nothing")
struct InspectorDisconnectTests {
  @Test("a shell with no inspector records nothing; after disconnect nothing more is appended")
  @MainActor
  func nothingWithoutInspector() async throws {
    let plain = Shell(SignInState()) { _, _ in }
    #expect(plain.inspection == nil)
    try await withInspector { _, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress("\(base.absoluteString)/?token=\(token)"), app: "x", options: .patient)
      let shell = Shell(SignInState()) { _, _ in }
      inspector.inspect(shell, name: "s")
      await inspector.disconnect()
      shell.send(.submit)
      #expect(inspector.buffer.waiting == 0)
    }
  }

}
