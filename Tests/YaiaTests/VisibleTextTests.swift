import Testing

@testable import Yaia

@Suite("Text that reaches a terminal")
struct VisibleTextTests {
  @Test("quoting is bounded by scalars, escapes included: combining marks cannot pile up")
  func bounded() {
    #expect(VisibleText.escaped("short", atMost: 40) == "short")
    let marks = "e" + String(repeating: "\u{301}", count: 100_000)
    let shown = VisibleText.escaped(marks, atMost: 40)
    #expect(shown.unicodeScalars.count == 41)  // 40 and the ellipsis
    #expect(shown.hasSuffix("…"))
    let escapes = VisibleText.escaped(String(repeating: "\u{1B}", count: 100), atMost: 40)
    #expect(escapes.unicodeScalars.count <= 41)
    #expect(!escapes.unicodeScalars.contains("\u{1B}"))
    #expect(escapes.hasPrefix("\\u{1B}\\u{1B}"))  // whole escapes only, never half of one
    #expect(escapes.dropLast().count % "\\u{1B}".count == 0)
  }
}
