import YaiaBenchSupport

extension Figure {
  /// Three figures comparing DataStore with plain GRDB on one task: each time in ms, and the
  /// ratio (target: at most 1.2 times GRDB).
  static func comparison(
    _ name: String, ours: Double, _ theirName: String, theirs: Double, ratio: String, what: String,
    target: String = ""
  ) -> [Figure] {
    [
      Figure(name: name, value: ours, unit: "ms", label: "DataStore: \(what)", target: target),
      Figure(name: theirName, value: theirs, unit: "ms", label: "plain GRDB: \(what)"),
      Figure(
        name: ratio, value: ours / theirs, unit: "x", label: "\(what): DataStore / GRDB",
        target: "<= 1.2"),
    ]
  }
}
