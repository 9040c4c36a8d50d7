import Testing
import YaiaResources

@testable import YaiaDemo

@Suite("Text fields refuse bad input and change nothing")
struct TextEntryTests {
  @Test("typing appends; backspace removes; spaces are trimmed on validation")
  func typing() {
    var field = TextEntry(.homeNickname, limit: 8)
    #expect(field.type("Den") == nil)
    field.deleteBackward()
    #expect(field.type("n ") == nil)
    #expect(field.text == "Den ")
    #expect(field.validated() == .success("Den"))
  }

  @Test("an empty or blank field fails validation with a message naming it")
  func empty() {
    let field = TextEntry(.homeNickname, limit: 8, text: "   ")
    #expect(field.validated() == .failure(.empty(field: .homeNickname)))
    #expect(TextEntryError.empty(field: .homeNickname).text.english.hasPrefix("Nickname is empty"))
  }

  @Test("10,000 characters are refused whole; the text stays as it was")
  func tooLong() {
    var field = TextEntry(.homeNickname, limit: 32, text: "Den")
    let problem = field.type(String(repeating: "a", count: 10_000))
    #expect(problem == .tooLong(field: .homeNickname, count: 10_003, limit: 32))
    #expect(field.text == "Den")
    // The count is grouped, as English writes numbers.
    #expect(problem?.text.english.contains("10,003 characters") == true)
  }

  @Test("control characters are refused, named by code point")
  func controlCharacters() {
    var field = TextEntry(.homeNickname, limit: 32, text: "Den")
    for text in ["\u{7}", "a\u{1B}b", "\t", "\u{7F}", "\u{85}"] {
      #expect(field.type(text) != nil, "\(text.unicodeScalars.map(\.value))")
    }
    #expect(field.text == "Den")
    #expect(field.type("\u{7}")?.text.english.contains("U+0007") == true)
    #expect(field.type("Küche 🎵") == nil)
    #expect(field.type("❤️") == nil)  // a variation selector only picks the heart's look
  }

  @Test(
    "format, separator and private-use characters are refused, named by code point",
    arguments: [
      "\u{202E}", "a\u{200B}b", "\u{2028}", "\u{FEFF}", "\u{2066}", "\u{E000}",
      // Letters that draw as nothing: the Hangul fillers and the blank Braille pattern.
      "\u{3164}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{2800}",
    ])
  func invisibleCharacters(_ text: String) {
    var field = TextEntry(.homeNickname, limit: 32, text: "Den")
    let problem = field.type(text)
    guard case .invisibleCharacter(field: .homeNickname, code: _) = problem else {
      Issue.record("not refused: \(String(describing: problem))")
      return
    }
    #expect(problem?.text.english.contains("changes how text reads") == true)
    #expect(field.text == "Den")
  }

  @Test("combining marks cannot pile up behind one character past 4 × the limit in code points")
  func combiningMarks() {
    var field = TextEntry(.homeNickname, limit: 32)
    #expect(field.type("a") == nil)
    var refused: TextEntryError?
    for _ in 0..<1000 where refused == nil { refused = field.type("\u{301}") }
    #expect(refused == .tooManyScalars(field: .homeNickname, count: 129, limit: 128))
    #expect(field.text.count == 1)
    #expect(field.text.unicodeScalars.count == 128)
    let pasted = TextEntry(.homeNickname, limit: 32)
    var copy = pasted
    #expect(copy.type("a" + String(repeating: "\u{301}", count: 300_000)) != nil)
    #expect(copy.text.isEmpty)
  }

  @Test("a secure field shows bullets")
  func secure() {
    var field = TextEntry(.loginPassword, limit: 8, isSecure: true)
    _ = field.type("abc")
    #expect(field.display == "•••")
  }
}

@Suite("Keys from terminal bytes")
struct KeyDecoderTests {
  @Test("text, control keys and arrow sequences, split anywhere")
  func decoding() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: Array("ab\r\n\t".utf8)) == [.text("ab"), .enter, .tab])
    #expect(decoder.keys(from: [0x1B, 0x5B]) == [])
    #expect(
      decoder.keys(from: [0x41, 0x7F, 0x03, 0x07]) == [.up, .backspace, .interrupt, .control(7)])
    #expect(decoder.keys(from: [0x1B]) == [.escape])
    let euro = Array("€".utf8)
    #expect(decoder.keys(from: euro.prefix(2)) == [])
    #expect(decoder.keys(from: euro.suffix(1)) == [.text("€")])
  }
}

@Suite("Scripts")
struct DemoScriptTests {
  @Test("instructions become keys, waits and sleeps, with their lines")
  func parsing() throws {
    let script = try DemoScript(
      parsing: """
        # log in
        wait Log in
        type ada\\tpw\\u{7}
        key down 2
        timeout 2s
        wait Home
        paste 3 ab
        sleep 50ms
        """)
    #expect(
      script.steps == [
        .init(line: 2, action: .wait("Log in", timeout: .seconds(10))),
        .init(line: 3, action: .keys([.text("ada"), .tab, .text("pw"), .control(7)])),
        .init(line: 4, action: .keys([.down, .down])),
        .init(line: 6, action: .wait("Home", timeout: .seconds(2))),
        .init(line: 7, action: .keys([.text("ababab")])),
        .init(line: 8, action: .sleep(.milliseconds(50))),
      ])
  }

  @Test(
    "a bad line is reported with its number and what is wrong",
    arguments: [
      ("kee enter", "unknown instruction `kee`"),
      ("key hyper", "unknown key `hyper`"),
      ("type \\q", "unknown escape `\\q`"),
      ("paste many a", "`paste` needs a count"),
      ("paste 1000000 aaaaaaaaaa", "at most 1 MiB"),
      ("paste 1000000 \\u{1F600}", "at most 1 MiB"),
      ("sleep soon", "`sleep` needs a duration"),
      ("wait", "`wait` needs the text"),
    ])
  func errors(line: String, problem: String) {
    #expect {
      try DemoScript(parsing: "# first\n\(line)")
    } throws: { error in
      guard let error = error as? DemoScriptError else { return false }
      return error.line == 2 && error.description.contains(problem)
    }
  }
}
