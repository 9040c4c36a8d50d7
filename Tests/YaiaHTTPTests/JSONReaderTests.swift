import Foundation
import Testing
import YaiaHTTP
import YaiaSupport

@Suite("The one JSON reader and writer: lines, numbers as written, strict where JSON is")
struct JSONReaderTests {
  @Test("JSON in UTF-16 and UTF-32, with or without a byte order mark, is read as its UTF-8 text")
  func otherEncodingsReadAsUTF8() throws {
    let text = #"{"token":"é"}"#
    for encoding in [
      String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian,
      .utf16, .utf32,
    ] {
      let data = try #require(text.data(using: encoding))
      #expect(JSONText.utf8(data) == Data(text.utf8), "\(encoding)")
      #expect(
        try JSONReader.parse(JSONText.utf8(data))
          == .object([
            JSONMember(name: "token", value: .string("é"))
          ]))
    }
    // A UTF-16 text that does not decode (a lone surrogate) is given back for the reader to
    // refuse, not repaired.
    let broken = Data([0x7B, 0x00, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x7D, 0x00])
    #expect(JSONText.utf8(broken) == broken)
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(JSONText.utf8(broken)) }
    // UTF-8, with or without its mark, and what is not JSON at all, pass as they are.
    #expect(JSONText.utf8(Data(text.utf8)) == Data(text.utf8))
    #expect(
      JSONText.utf8(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))).count == text.utf8.count + 3
    )
    #expect(JSONText.utf8(Data([0x00])) == Data([0x00]))
  }

  func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONReader.parse(Array(text.utf8))
  }

  func refusal(_ text: String) -> JSONSyntaxError? {
    do {
      _ = try read(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("every value and member name carries the line it starts on; a byte order mark is skipped")
  func lines() throws {
    let value = try JSONReader.parse(
      [0xEF, 0xBB, 0xBF] + Array("{\n\"a\":\n [1,\n\n 2],\r\n\"b\": \"x\"}".utf8))
    let members = try #require(value.members)
    #expect(value.line == 1)
    #expect(members.map(\.line) == [2, 6])
    #expect(members[0].value.line == 3)
    #expect(members[0].value.items?.map(\.line) == [3, 5])
    #expect(members[1].value.string == "x")
    // Lines say where, not what: values read on other lines are equal.
    #expect(try read("[1]") == (try read("\n\n[\n1]")))
  }

  @Test("numbers keep their text; their values compare; whole numbers are read exactly")
  func numbers() throws {
    let value = try read("[1.0, 1e3, -0, 12345678901234567890, 9007199254740993, 0.1]")
    let items = try #require(value.items)
    let numbers = items.compactMap(\.number)
    #expect(
      numbers.map(\.text) == [
        "1.0", "1e3", "-0", "12345678901234567890", "9007199254740993", "0.1",
      ])
    #expect(numbers[0] == 1)
    #expect(numbers[1].value == 1000)
    #expect(numbers[0].whole == 1)
    #expect(numbers[5].whole == nil)
    var writer = JSONWriter()
    writer.value(value)
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == "[1.0,1e3,-0,12345678901234567890,9007199254740993,0.1]")
  }

  @Test("what JSON refuses is refused, with the byte and line: the grammar, surrogates, limits")
  func refusals() throws {
    for (text, reason) in [
      ("[01]", "a leading 0"), ("[1.]", "a digit must follow ."), ("[-]", "a digit must follow -"),
      ("[1e]", "a digit must follow the exponent"), ("[1e999]", "out of range"),
      ("[" + String(repeating: "1", count: 65) + "]", "longer than 64 characters"),
      (#"["\ud800"]"#, "a high surrogate without its low one"),
      (#"["\udc00"]"#, "a lone surrogate"),
      (#"["\u12g4"]"#, "four hex digits"), ("[1,]", "unexpected character"),
      ("{\"a\" 1}", "expected : after the name \"a\""), ("[1] x", "more after the value"),
      ("/* no */ 1", "unexpected character"), ("\"a\u{1}\"", "a control character"),
      ("{\"a\":1", "the document ends inside an object"), ("", "the document ends where a value"),
    ] {
      let error = refusal(text)
      #expect(error?.reason.contains(reason) == true, "\(text): \(String(describing: error))")
    }
    #expect(refusal("[\n\n1,]")?.line == 3)
    // JSON is UTF-8: a string that is not is refused, not repaired.
    for bytes: [UInt8] in [
      [0x22, 0xC3, 0x28, 0x22], [0x22, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
    ] {
      #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
    }
    #expect(try JSONReader.parse([0x22, 0xC3, 0xA9, 0x22]).string == "é")
    #expect(refusal("[1,]")?.offset == 3)
  }

  @Test("one budget for the whole document: depth before each level, values, string bytes")
  func budget() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(refusal(deep)?.reason == "nested deeper than 128 levels")
    #expect(refusal(deep)?.overBudget == true)
    #expect(refusal("[1,]")?.overBudget == false)
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(deep.utf8)) }
    let limits = InputBudget.Limits(depth: 8, bytes: 10, elements: 1_000)
    #expect(throws: JSONSyntaxError.self) {
      try JSONReader.parse(Array(#"["0123456789a"]"#.utf8), limits: limits)
    }
    #expect((try? JSONReader.parse(Array(#"["0123456789"]"#.utf8), limits: limits)) != nil)
    let many = "[" + Array(repeating: "0", count: 1_000).joined(separator: ",") + "]"
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(many.utf8), limits: limits) }
  }

  @Test("the writer escapes what JSON must and writes a value back as read")
  func writer() throws {
    var json = JSONWriter()
    json.string("q\"\\\n\u{7}é😀")
    #expect(String(decoding: json.bytes, as: UTF8.self) == #""q\"\\\n\u0007é😀""#)
    let text = #"{"a":[true,false,null,{"b":"\ud83d\ude00"}],"a":2}"#
    let value = try read(text)
    #expect(value["a"]?.number == 2)  // a later duplicate name wins on lookup
    var again = JSONWriter()
    again.value(value)
    #expect(try read(String(decoding: again.bytes, as: UTF8.self)) == value)
    #expect(value.description == #"{"a":[true,false,null,{"b":"😀"}],"a":2}"#)
  }

  @Test(
    "a path finds a value through keys and indexes; a scalar compares by its value, a long id by its digits"
  )
  func pathsAndComparableText() throws {
    let value = try read(
      #"{"items":[{"id":12345678901234567890,"price":1.50,"n":10.0,"e":1e2,"z":-0}],"ok":true,"none":null,"name":"ada","name":"bob"}"#
    )
    func text(_ path: String) -> String? {
      value.value(at: JSONPath.steps(path))?.comparableText
    }
    #expect(text("items.0.id") == "12345678901234567890")
    #expect(text("items.0.price") == "1.5")
    #expect(text("items.0.n") == "10")
    #expect(text("items.0.e") == "100")
    #expect(text("items.0.z") == "0")
    #expect(text("ok") == "true" && text("none") == "null")
    // The last of a repeated name, as every lookup reads it.
    #expect(text("name") == "bob")
    // Containers have no text; a path that finds nothing is nil.
    #expect(text("items") == nil && text("items.0") == nil)
    #expect(text("items.1") == nil && text("items.x") == nil && text("ok.x") == nil)
  }
}
