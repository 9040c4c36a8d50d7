import Yaia
import YaiaHTTP

/// The shared wire vocabulary's readers: the one JSON reader every part uses.
enum WireTargets {
  static let all = [json]

  /// Any bytes through ``JSONReader``: a refusal says where (an offset inside the input, a
  /// line that exists); a value that reads is written back with its numbers as written and
  /// reads again the same, with the same text; lines never go backwards in document order.
  static let json = FuzzTarget(
    "json", summary: "the one JSON reader (batches, journals, catalogs, bodies)",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let (value, refusal) = read(bytes)
    if let refusal {
      try require(
        refusal.offset >= 0 && refusal.offset <= bytes.count,
        "a refusal at byte \(refusal.offset) of \(bytes.count)")
      try require(
        refusal.line >= 1 && refusal.line <= lines,
        "a refusal at line \(refusal.line) of \(lines)")
      try require(!refusal.reason.isEmpty, "a refusal without a reason")
    }
    guard let value else { return }
    if let problem = lineProblem(in: value, lines: lines) { throw FuzzViolation(problem) }
    var writer = JSONWriter()
    writer.value(value)
    let (again, failure) = read(writer.bytes)
    guard let again else {
      throw FuzzViolation(
        "a value written could not be read back: \(failure.map(\.description) ?? "")")
    }
    try require(again == value, "a value read back differs from the one written")
    var twice = JSONWriter()
    twice.value(again)
    try require(twice.bytes == writer.bytes, "a value written twice is written differently")
  }

  /// The value `bytes` hold, or why they hold none; within a small budget.
  private static func read(_ bytes: [UInt8]) -> (JSONValue?, JSONSyntaxError?) {
    do {
      return (
        try JSONReader.parse(bytes, limits: .init(depth: 64, bytes: 1 << 20, elements: 10_000)),
        nil
      )
    } catch {
      return (nil, error)
    }
  }

  /// Where a value's lines go backwards in document order or past the text's last line.
  private static func lineProblem(in root: JSONValue, lines: Int) -> String? {
    var last = 0
    var pending: [(line: Int, value: JSONValue?)] = [(root.line, root)]
    while let (line, value) = pending.popLast() {
      guard line >= last, line <= lines else {
        return "a line \(line) after line \(last), of \(lines)"
      }
      last = line
      switch value?.kind {
      case .array(let items)?: pending += items.reversed().map { ($0.line, $0) }
      case .object(let members)?:
        for member in members.reversed() {
          pending.append((member.value.line, member.value))
          pending.append((member.line, nil))  // the name, before its value
        }
      default: break
      }
    }
    return nil
  }
}
