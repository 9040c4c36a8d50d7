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
    let limits = InputBudget.Limits(depth: 64, bytes: 1 << 20, elements: 10_000)
    let read = Result { () throws(JSONSyntaxError) -> JSONValue in
      try JSONReader.parse(bytes, limits: limits)
    }
    let value: JSONValue
    switch read {
    case .success(let read): value = read
    case .failure(let error):
      try require(
        error.offset >= 0 && error.offset <= bytes.count,
        "a refusal at byte \(error.offset) of \(bytes.count)")
      try require(
        error.line >= 1 && error.line <= lines, "a refusal at line \(error.line) of \(lines)")
      try require(!error.reason.isEmpty, "a refusal without a reason")
      return
    }
    var lastLine = 0
    func walk(_ value: JSONValue) throws(FuzzViolation) {
      try require(value.line >= lastLine && value.line <= lines, "a value at line \(value.line)")
      lastLine = value.line
      switch value.kind {
      case .array(let items): for item in items { try walk(item) }
      case .object(let members):
        for member in members {
          try require(member.line >= lastLine, "a member name at line \(member.line)")
          lastLine = member.line
          try walk(member.value)
        }
      default: break
      }
    }
    try walk(value)
    var writer = JSONWriter()
    writer.value(value)
    let again: JSONValue
    do {
      again = try JSONReader.parse(writer.bytes, limits: limits)
    } catch {
      throw FuzzViolation("a value written could not be read back: \(error)")
    }
    try require(again == value, "a value read back differs from the one written")
    var twice = JSONWriter()
    twice.value(again)
    try require(twice.bytes == writer.bytes, "a value written twice is written differently")
  }
}
