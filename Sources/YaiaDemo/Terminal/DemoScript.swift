import Yaia

/// A script of inputs for unattended runs (`yaia demo --script FILE`): keys to press, text to
/// type, and screens to wait for, one per line.
///
/// ```text
/// # Log in, pair the first speaker as "Kitchen", quit.
/// wait Log in
/// type ada
/// key tab
/// type swordfish
/// key enter
/// wait Your speakers
/// type p
/// wait dBm
/// key enter
/// type Kitchen
/// key enter
/// wait Kitchen
/// type q
/// ```
///
/// - `type TEXT`: types the rest of the line; `\n`, `\t`, `\e`, `\\` and `\u{7}` are escapes.
/// - `paste COUNT TEXT`: types TEXT repeated COUNT times at once, like a paste.
/// - `key NAME [COUNT]`: enter, tab, esc, backspace, up, down, left, right, ctrl-c, ctrl-A…Z.
/// - `wait TEXT`: waits until the screen shows TEXT; fails after the timeout.
/// - `timeout DURATION`: the timeout of the following waits (10s unless set): `500ms`, `15s`.
/// - `sleep DURATION`: waits that long.
/// - Blank lines and lines starting with `#` are ignored.
package struct DemoScript: Equatable, Sendable {
  /// One instruction, with its line in the file.
  struct Step: Equatable, Sendable {
    /// The line number, from 1.
    var line: Int
    /// What to do.
    var action: Action

  }

  /// What a step does.
  enum Action: Equatable, Sendable {
    /// Press these keys, in order.
    case keys([Key])
    /// Wait until the screen shows the text.
    case wait(String, timeout: Duration)
    /// Wait this long.
    case sleep(Duration)
  }

  /// The steps, in order.
  var steps: [Step]

  /// Parses `text`.
  ///
  /// - Throws: ``DemoScriptError`` naming the line and what is wrong with it.
  package init(parsing text: String) throws(DemoScriptError) {
    var steps: [Step] = []
    var timeout = Duration.seconds(10)
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = offset + 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let trimmed = String(line).trimmingSpaces
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let (command, rest) = Self.split(trimmed)
      func fail(_ problem: String) -> DemoScriptError {
        DemoScriptError(line: number, text: trimmed, problem: problem)
      }
      switch command {
      case "type":
        guard !rest.isEmpty else { throw fail("`type` needs the text to type") }
        steps.append(
          Step(line: number, action: .keys(Self.keys(typing: try Self.unescape(rest, fail)))))
      case "paste":
        let (countText, text) = Self.split(rest)
        guard let count = Int(countText), count > 0, count <= 1_000_000 else {
          throw fail("`paste` needs a count from 1 to 1000000, then the text: paste 10000 a")
        }
        guard !text.isEmpty else { throw fail("`paste` needs the text to repeat") }
        let unit = try Self.unescape(text, fail)
        let bytes = unit.utf8.count.multipliedReportingOverflow(by: count)
        guard !bytes.overflow, bytes.partialValue <= Self.largestPaste else {
          throw fail(
            "`paste` would type \(count) × \(unit.utf8.count) bytes; at most \(Self.largestPaste >> 20) MiB"
          )
        }
        steps.append(
          Step(line: number, action: .keys([.text(String(repeating: unit, count: count))])))
      case "key":
        let (name, countText) = Self.split(rest)
        guard let key = Self.key(named: name) else {
          throw fail(
            "unknown key `\(name)`; use enter, tab, esc, backspace, up, down, left, right, ctrl-c or ctrl-A…Z"
          )
        }
        let count = countText.isEmpty ? 1 : Int(countText) ?? 0
        guard count > 0, count <= 1000 else { throw fail("the key count must be 1 to 1000") }
        steps.append(Step(line: number, action: .keys(Array(repeating: key, count: count))))
      case "wait":
        guard !rest.isEmpty else { throw fail("`wait` needs the text to wait for") }
        steps.append(Step(line: number, action: .wait(rest, timeout: timeout)))
      case "timeout":
        guard let duration = Self.duration(rest) else {
          throw fail("`timeout` needs a duration such as 500ms or 15s")
        }
        timeout = duration
      case "sleep":
        guard let duration = Self.duration(rest) else {
          throw fail("`sleep` needs a duration such as 500ms or 2s")
        }
        steps.append(Step(line: number, action: .sleep(duration)))
      default:
        throw fail("unknown instruction `\(command)`; use type, paste, key, wait, timeout or sleep")
      }
    }
    self.steps = steps
  }

  /// The most bytes one `paste` types: enough to overflow any field, bounded in memory.
  static let largestPaste = 1 << 20

  private static func split(_ text: String) -> (String, String) {
    guard let space = text.firstIndex(of: " ") else { return (text, "") }
    return (String(text[..<space]), String(text[text.index(after: space)...]).trimmingSpaces)
  }

  /// Typed text as keys: printable runs stay text, and escapes become their keys, so `\n`
  /// presses Enter and `\u{7}` sends the control character itself.
  private static func keys(typing text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.keys(from: Array(text.utf8))
  }

  private static func unescape(
    _ text: String, _ fail: (String) -> DemoScriptError
  ) throws(DemoScriptError) -> String {
    var result = ""
    var characters = text.makeIterator()
    while let character = characters.next() {
      guard character == "\\" else {
        result.append(character)
        continue
      }
      switch characters.next() {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "e": result.append("\u{1B}")
      case "\\": result.append("\\")
      case "u":
        guard characters.next() == "{" else { throw fail("write a code point as \\u{7}") }
        var hex = ""
        while let digit = characters.next(), digit != "}" { hex.append(digit) }
        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
          throw fail("`\\u{\(hex)}` is not a code point")
        }
        result.unicodeScalars.append(scalar)
      case let other?:
        throw fail("unknown escape `\\\(other)`; use \\n, \\t, \\e, \\\\ or \\u{…}")
      case nil:
        throw fail("a lone `\\` ends the line; write `\\\\` for a backslash")
      }
    }
    return result
  }

  private static func key(named name: String) -> Key? {
    switch name.lowercased() {
    case "enter", "return": return .enter
    case "tab": return .tab
    case "esc", "escape": return .escape
    case "backspace": return .backspace
    case "up": return .up
    case "down": return .down
    case "left": return .left
    case "right": return .right
    case "ctrl-c": return .interrupt
    case "ctrl-d": return .endOfInput
    default:
      let lower = name.lowercased()
      guard lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last?.asciiValue,
        letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z")
      else { return nil }
      let code = letter - UInt8(ascii: "a") + 1
      switch code {
      case 9: return .tab
      case 10, 13: return .enter
      case 8: return .backspace
      default: return .control(code)
      }
    }
  }

  private static func duration(_ text: String) -> Duration? {
    try? DurationText.parse(text, atMost: .seconds(3600)).get()
  }
}

/// A line of a script that cannot be run.
package struct DemoScriptError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line number, from 1.
  var line: Int
  /// The line.
  var text: String
  /// What is wrong.
  var problem: String

  /// A script error.
  init(line: Int, text: String, problem: String) {
    self.line = line
    self.text = text
    self.problem = problem
  }

  /// `script line 3 (`kee enter`): unknown instruction…`.
  package var description: String { "script line \(line) (`\(text)`): \(problem)" }
}
