import YaiaBenchSupport
import YaiaHTTP

/// The shared JSON reader and writer alone, on a document shaped like an inspector batch
/// (objects of short keys, whole numbers, fractions, short strings, nested changes): what
/// every tool that reads JSON pays per byte, apart from what it does with the value after.
enum JSONBenchmark {
  /// Steps in the document: about 2.5 MB of JSON.
  static let steps = 10_000

  static func run() throws -> [Figure] {
    let bytes = Array(document().utf8)
    let megabytes = Double(bytes.count) / 1_000_000
    var value = JSONValue.null
    let read = medianSeconds(repetitions: 9) {
      value = (try? JSONReader.parse(bytes)) ?? .null
    }
    guard value != .null else {
      throw BenchmarkFailed("json: the benchmark's document did not read")
    }
    var written: [UInt8] = []
    let write = medianSeconds(repetitions: 9) {
      var writer = JSONWriter(capacity: bytes.count)
      writer.value(value)
      written = writer.bytes
    }
    guard (try? JSONReader.parse(written)) == value else {
      throw BenchmarkFailed("json: what the writer wrote does not read back equal")
    }
    return [
      Figure(
        name: "json.read_mb_per_s", value: megabytes / read, unit: "MB/s",
        label: "JSONReader: a \(Int(megabytes * 10) / 10) MB batch-shaped document, median of 9"),
      Figure(
        name: "json.read_ns_per_value", value: read * 1e9 / Double(valueCount(value)), unit: "ns",
        label: "JSONReader: per value read (objects, arrays and scalars)"),
      Figure(
        name: "json.write_mb_per_s", value: Double(written.count) / 1_000_000 / write,
        unit: "MB/s", label: "JSONWriter: the same value written back, median of 9"),
    ]
  }

  /// A batch of `steps` steps, as an app's inspector sends one.
  static func document() -> String {
    var text = "{\"app\":\"bench\",\"session\":\"bench-session\",\"sequence\":1,\"messages\":["
    for index in 0..<steps {
      if index > 0 { text += "," }
      text += """
        {"kind":"step","shell":1,"index":\(index),"time":\(Double(index) / 1e4),\
        "event":{"case":"select","fields":[{"label":null,"value":{"int":\(index)}}]},\
        "commands":[{"case":"play","fields":[{"label":"id","value":{"int":\(index * 7)}}]}],\
        "changed":true,"changes":[{"path":["rows",\(index % 50),"title"],\
        "value":{"string":"Song \(index) \\u00e9"}}]}
        """
    }
    return text + "]}"
  }

  /// How many values `value` holds, itself included.
  static func valueCount(_ value: JSONValue) -> Int {
    switch value.kind {
    case .array(let items): 1 + items.reduce(0) { $0 + valueCount($1) }
    case .object(let members): 1 + members.reduce(0) { $0 + valueCount($1.value) }
    default: 1
    }
  }
}
