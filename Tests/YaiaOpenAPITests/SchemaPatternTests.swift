import Foundation
import Testing

@testable import YaiaOpenAPI

/// Patterns as real descriptions write them (our own examples of each shape): Discord's
/// snowflakes, Stripe's and Twilio's ids, ISO codes, versions, colours, phone numbers.
@Suite("Schema patterns: read, checked in linear time, and sampled")
struct SchemaPatternTests {
  static let realShapes = [
    #"^(0|[1-9][0-9]*)$"#, #"^AC[0-9a-fA-F]{32}$"#, #"^[A-Z]{2}$"#, #"^[a-z]{3}$"#,
    #"^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$"#, #"^#[0-9a-fA-F]{6}$"#, #"^\+[1-9]\d{1,14}$"#,
    #"^(?:[a-z0-9-]+\.)+[a-z]{2,}$"#, #"^[^\s@]+@[^\s@]+\.[^\s@]+$"#, #"^ft:[a-z0-9:-]+$"#,
    #"acct_"#, #"^(?<year>\d{4})-(?<month>\d{2})$"#, #"^[\w.\-]{1,64}$"#, #"^\S+$"#,
    #"^[\u0041-\u005A]+$"#, #"^(a|b)*c$"#, #"^x{2,}?$"#, #"^\[[0-9,]*\]$"#,
  ]

  static let texts = [
    "", "0", "01", "1234567890", "AC" + String(repeating: "f", count: 32), "US", "usd", "USD",
    "1.2.3", "1.2.3-beta.1", "#a0B1c2", "+14155550100", "+0123", "api.example.com", "a@b.co",
    "ft:gpt-4o:acme:1", "acct_123", "2026-11", "ab_c.d-e", "no space", "ABC", "ababc", "xx",
    "x", "[1,2]", "a{,5}", "é", "\u{1F600}",
  ]

  @Test(
    "each real shape matches what Foundation's regular expressions match", arguments: realShapes)
  func agreesWithFoundation(source: String) throws {
    let pattern = try SchemaPattern(source)
    // Foundation (ICU) reads `\w`, `\d` and `\s` as Unicode classes; ECMA-262, which JSON
    // Schema names, as ASCII ones (`\w` is `[A-Za-z0-9_]`): the two agree on ASCII texts.
    for text in Self.texts where text.unicodeScalars.allSatisfy(\.isASCII) {
      let expected = text.range(of: source, options: .regularExpression) != nil
      #expect(pattern.matches(text) == expected, "\(source) on \(text)")
    }
  }

  @Test("each real shape writes a sample it matches, as Foundation does", arguments: realShapes)
  func samplesMatch(source: String) throws {
    let pattern = try SchemaPattern(source)
    let sample = try #require(pattern.sample())
    #expect(sample.range(of: source, options: .regularExpression) != nil, "\(source): \(sample)")
  }

  @Test("classes are ECMA-262's: \\w, \\d and \\s of ASCII, . anything but a line break")
  func ecmaClasses() throws {
    #expect(try SchemaPattern(#"^\w$"#).matches("é") == false)
    #expect(try SchemaPattern(#"^\d$"#).matches("٣") == false)
    #expect(try SchemaPattern(#"^\W$"#).matches("é") == true)
    #expect(try SchemaPattern(#"^.$"#).matches("\u{1F600}") == true)
    #expect(try SchemaPattern(#"^.$"#).matches("\n") == false)
    #expect(try SchemaPattern(#"^\s$"#).matches("\u{00A0}") == true)
  }

  @Test("a sample is found within the schema's lengths, or none is said")
  func lengths() throws {
    let digits = try SchemaPattern(#"^\d+$"#)
    #expect(digits.sample() == "0")
    #expect(digits.sample(least: 5, most: 6)?.count == 5)
    #expect(try SchemaPattern(#"^[A-Z]{2}$"#).sample(least: 3) == nil)
    #expect(try SchemaPattern("[]").sample() == nil)  // an empty class matches nothing
    // An alternation's last choice is tried when the first does not fit the lengths.
    #expect(try SchemaPattern(#"^(?:N/A|\d+)$"#).sample(least: 4) == "0000")
    #expect(try SchemaPattern(#"^(?:[a-z]{10}|x)$"#).sample(most: 5) == "x")
    // `{` that starts no quantifier is a literal, as ECMA-262 reads it.
    #expect(try SchemaPattern("a{,5}").matches("a{,5}") == true)
  }

  @Test(
    "what is outside the subset is refused with where it is",
    arguments: [
      (#"^(?=a)"#, "look-around"), (#"(a)\1"#, "back-reference"), (#"\bword"#, "word boundary"),
      (#"(a"#, "unclosed group"), (#"a)"#, "unmatched"), (#"[a"#, "unclosed class"),
      (#"*a"#, "nothing before it"), (#"[z-a]"#, "out of order"), (#"\p{L}"#, "\\p"),
      (#"a**"#, "after a quantifier"), (#"(a{1000}){1000}"#, "more than"),
      (#"a{2}{3}"#, "after a quantifier"),
      (#"((((((){1000}){1000}){1000}){1000}){1000}){1000}"#, "too often"),
      (#"^[\uD800-\uDBFF][\uDC00-\uDFFF]$"#, "surrogate"),
    ])
  func refused(source: String, reason: String) {
    #expect(throws: SchemaPattern.Unsupported.self) { try SchemaPattern(source) }
    do {
      _ = try SchemaPattern(source)
    } catch {
      #expect(error.reason.contains(reason), "\(source): \(error.reason)")
    }
  }

  @Test("a pattern that backtracks exponentially elsewhere is checked in linear time")
  func noBacktracking() throws {
    let evil = try SchemaPattern(#"^(a+)+$"#)
    let text = String(repeating: "a", count: 20_000) + "!"
    #expect(evil.matches(text) == false)
    // Past its steps, a text is not judged (the validator then says it is too complex).
    #expect(evil.matches(String(repeating: "a", count: 1_000_000), steps: 1_000) == nil)
    // A class of 500 letters is one search per scalar, and the steps counted are the states
    // visited: what the validator charges.
    let letters = (0x4E00..<0x4E00 + 500).compactMap(Unicode.Scalar.init).map(String.init)
    let wide = try SchemaPattern("[" + letters.joined() + "]{50}")
    let (matched, steps) = wide.matching(String(repeating: letters[499], count: 2_000), steps: .max)
    #expect(matched == true)
    #expect(steps < 2_001 * wide.size * 4)
  }

  @Test("descriptions: a pattern is checked on requests, sampled in answers, noted when not read")
  func inDescriptions() throws {
    let spec = """
      openapi: 3.0.3
      info: { title: Guilds, version: '1' }
      paths:
        /guilds/{id}:
          parameters:
            - { name: id, in: path, required: true, schema: { type: string, pattern: '^(0|[1-9][0-9]*)$' } }
          get:
            responses:
              '200':
                description: ok
                content:
                  application/json:
                    schema:
                      type: object
                      required: [id, code, after]
                      properties:
                        id: { type: string, pattern: '^(0|[1-9][0-9]*)$' }
                        code: { type: string, pattern: '^[A-Z]{2}$', minLength: 2 }
                        after: { type: string, pattern: '(?=x)' }
                        short: { type: string, pattern: '^[a-z]{4}$', maxLength: 3 }
      """
    let document = try OpenAPIDocument.parse(spec, file: "guilds.yaml")
    #expect(document.notes.count == 2)
    #expect(
      document.notes.contains { $0.hasPrefix("guilds.yaml:19:") && $0.contains("look-around") })
    #expect(document.notes.contains { $0.hasPrefix("guilds.yaml:20:") && $0.contains("no sample") })
    func problems(_ path: String) throws -> [String] {
      try #require(document.problems(with: HTTPRequest(method: .get, path: path)))
    }
    #expect(try problems("/guilds/41771983423143937") == [])
    let wrong = try problems("/guilds/abc")
    #expect(wrong.count == 1 && wrong.first?.contains("does not match the pattern") == true)
    var sampler = SchemaSampler(schemas: document.schemas)
    let schema = try #require(document.operations.first?.responses.first?.schema)
    let sampled = sampler.sampleResponse(schema)
    let sample = try #require(sampled)
    #expect(sample.text().contains(#""id":"0""#))
    #expect(sample.text().contains(#""code":"AA""#))
    var validator = SchemaValidator(schemas: document.schemas)
    // The unread pattern is not checked; the one no sample fits is (and the note said so).
    let reasons = validator.violations(of: sample, against: schema).map(\.reason)
    #expect(reasons.count == 1 && reasons.allSatisfy { $0.contains("^[a-z]{4}$") }, "\(reasons)")
  }

  /// A `format` beside a `pattern`: the sample is of both when one is found (the format's own
  /// text when the pattern takes it, else a sample of the pattern that is of the format), and
  /// a pair no sample fits is said at load.
  static let formats = """
    openapi: 3.0.3
    info: { title: Formats, version: '1' }
    paths:
      /a:
        get:
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
                    type: object
                    required: [id, mail, day, odd]
                    properties:
                      id: { type: string, format: uuid, pattern: '^[0-9a-f-]{36}$' }
                      mail: { type: string, format: email, pattern: '^[a-z]+@corp[.]com$' }
                      day: { type: string, format: date, pattern: '^20[0-9]{2}-[0-9]{2}-[0-9]{2}$' }
                      odd: { type: string, format: uuid, pattern: '^[a-z]{5}$' }
    """

  @Test("a format beside a pattern: samples of both, and a pair no sample fits said at load")
  func formatAndPattern() throws {
    let document = try OpenAPIDocument.parse(Self.formats, file: "formats.yaml")
    #expect(
      document.notes == [
        "formats.yaml:18: the pattern ^[a-z]{5}$ is checked, but no sample of it that is of the format uuid was found within the schema's lengths: samples of this schema break it"
      ])
    let schema = try #require(document.operations.first?.responses.first?.schema)
    var sampler = SchemaSampler(schemas: document.schemas)
    let sampled = sampler.sampleResponse(schema)
    let sample = try #require(sampled)
    #expect(
      sample.text()
        == #"{"id":"00000000-0000-4000-8000-000000000000","mail":"a@corp.com","day":"2026-01-01","odd":"00000000-0000-4000-8000-000000000000"}"#
    )
    var validator = SchemaValidator(schemas: document.schemas)
    #expect(validator.violations(of: sample, against: schema).map(\.path) == ["$.odd"])
  }
}
