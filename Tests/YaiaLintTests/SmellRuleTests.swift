import Testing
import YaiaLint

@Suite("The seeds' smells")
struct SmellRuleTests {
  @Test(
    "view controllers and app delegates over their limits; small ones and other classes are fine")
  func massiveTypes() async throws {
    let body = String(repeating: "  var x = 0\n", count: 12)
    let source = """
      class Big: UIViewController {
      \(body)}
      class Small: UIViewController { var x = 0 }
      class AppDelegate: UIResponder, UIApplicationDelegate {
      \(body)}
      class Model {
      \(body)}
      """
    let yaml =
      "rules:\n  massive-type: { max-view-controller-lines: 10, max-app-delegate-lines: 10 }\n"
    #expect(try await lines(of: "massive-type", in: source, yaml: yaml) == [1, 16])
  }

  @Test("a scene delegate over the limit is called a scene delegate, not an app delegate")
  func sceneDelegateNamed() async throws {
    let body = String(repeating: "  var x = 0\n", count: 12)
    let source = "class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n\(body)}\n"
    let yaml = "rules:\n  massive-type: { max-app-delegate-lines: 10 }\n"
    let found = try await findings(in: ["Sources/App/SceneDelegate.swift": source], yaml: yaml)
    #expect(found.map(\.message) == ["scene delegate SceneDelegate is 14 lines long (at most 10)"])
  }

  @Test(
    "walking superviews and scanning subviews by type; one superview and plain subviews are fine")
  func viewHierarchy() async throws {
    let source = """
      func f(_ view: UIView) {
        _ = view.superview?.superview?.superview
        let label = view.subviews.first(where: { $0 is UILabel })
        _ = view.superview
        _ = view.subviews.count
        view.subviews.forEach { $0.removeFromSuperview() }
      }
      """
    #expect(try await lines(of: "view-hierarchy", in: source) == [2, 3])
  }

  @Test("the app's own notifications through NotificationCenter; the system's are fine")
  func notifications() async throws {
    let files = [
      "Sources/App/Names.swift": """
      extension Notification.Name { static let speakerChanged = Notification.Name("x") }
      """,
      "Sources/App/Use.swift": """
      func f() {
        NotificationCenter.default.post(name: .speakerChanged, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(g), name: Notification.Name("mine"), object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(g), name: UIApplication.didBecomeActiveNotification, object: nil)
        center.post(name: .speakerChanged, object: nil)
      }
      """,
    ]
    #expect(try await lines(of: "notification-center", in: files) == [2, 3])
  }

  @Test("[String: Any] in the app's API; private helpers and locals are fine")
  func stringAny() async throws {
    let source = """
      struct Client {
        var payload: [String: Any]
        func send(_ body: [String: Any]) -> [String: Any]? { nil }
        private func raw(_ body: [String: Any]) {}
        func local() { let json: [String: Any] = [:]; _ = json }
        var typed: [String: Int]
      }
      """
    #expect(
      try await lines(
        of: "string-any-dictionary", in: source, yaml: "rules: { string-any-dictionary: on }")
        == [2, 3, 3])
  }

  @Test("commented-out code; prose, directives and doc comments are fine")
  func commentedOut() async throws {
    let source = """
      // let total = items.reduce(0, +)
      // print(total)
      func f() {}
      // Returns the total (or zero) of the items.
      // MARK: - Helpers
      /// let example = f()
      // if ready {
      //   start()
      // }
      func g() {}
      """
    #expect(
      try await lines(
        of: "commented-out-code", in: source, yaml: "rules: { commented-out-code: on }")
        == [1, 7])
  }

  @Test("closures nested past the limit, reported once per pyramid; shallow ones are fine")
  func nestedClosures() async throws {
    let source = """
      func f() {
        a { b { c { d { e { } } } } }
        a { b { c { } } }
        a { b { c { d { } } } }
      }
      """
    #expect(try await lines(of: "nested-closures", in: source) == [2, 4])
    #expect(
      try await lines(
        of: "nested-closures", in: source, yaml: "rules:\n  nested-closures: { max-depth: 4 }\n")
        == [2])
  }

  @Test("reaching through objects; fluent builders, types, self and short chains are fine")
  func demeter() async throws {
    let source = """
      func f() {
        _ = order.customer.address.city.name
        _ = model.user?.profile?.settings?.theme
        _ = view.padding().frame().border().shadow().opacity()
        _ = UIColor.systemBackground.cgColor.components.count
        _ = self.a.b.c.d
        _ = order.customer.address.city
        _ = order.customer().address.city.name.initials
      }
      """
    #expect(
      try await lines(of: "law-of-demeter", in: source, yaml: "rules: { law-of-demeter: on }")
        == [2, 3, 8])
  }

  @Test("unused private declarations; used ones, overrides and @objc are fine")
  func unusedPrivate() async throws {
    let source = """
      final class C: Base {
        private var used = 0
        private var unused = 0
        private func helper() {}
        private func called() -> Int { used }
        override private func draw() {}
        @objc private func tapped() {}
        private enum CodingKeys: String, CodingKey { case a }
        private struct Row {}
        func run() { _ = called(); let path = \\C.used; _ = path }
      }
      """
    #expect(try await lines(of: "unused-private", in: source) == [3, 4, 9])
  }

  @Test(
    "a private witness of a protocol is never reported: of this file by name, of elsewhere when the type is private"
  )
  func unusedPrivateWitnesses() async throws {
    let source = """
      fileprivate protocol Shape { func area() -> Double }
      private struct Square: Shape {
        fileprivate func area() -> Double { 1 }
        private func notRequired() {}
      }
      private struct Row: Hashable, CustomStringConvertible {
        fileprivate var description: String { "row" }
        fileprivate static func == (a: Row, b: Row) -> Bool { true }
      }
      private final class Delegate {}
      extension Delegate: NSTextViewDelegate {
        fileprivate func textDidChange(_ note: Notification) {}
      }
      struct Screen: CustomStringConvertible {
        var description: String { "" }
        private func unusedHelper() {}
        private struct Nested {}
      }
      protocol Shape2: Drawable {}
      private struct Sq: Shape2 { fileprivate func draw() {} }
      let sq: Any = Sq()
      """
    // A private type conforming to a protocol declared elsewhere: its private members may be
    // witnesses, which cannot be seen here, so none is reported. A member of an internal type
    // cannot witness anything at private level; a name the file's own protocol does not
    // require is no witness; a nested type is never one (and Square itself is unused).
    #expect(try await lines(of: "unused-private", in: source) == [2, 4, 16, 17])
  }
}
