import Foundation

/// One measured number, with a name scripts can grep and a line of context for people.
struct Figure {
  /// The stable name, such as `scene.events_per_s`.
  var name: String
  var value: Double
  var unit: String
  /// What was measured, for the table.
  var label: String
  /// The target, if the project set one, for the table.
  var target: String = ""

  var formattedValue: String {
    if value >= 1_000_000 { return String(format: "%.2fM", value / 1_000_000) }
    if value >= 100 { return String(format: "%.0f", value) }
    return String(format: "%.3f", value)
  }

  /// `figure: NAME VALUE UNIT`, the line scripts read.
  var machineLine: String {
    "figure: \(name) \(String(format: value >= 100 ? "%.0f" : "%.4f", value)) \(unit)"
  }

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

  static func table(_ figures: [Figure]) -> String {
    let header = ["benchmark", "value", "unit", "target"]
    let rows = figures.map { [$0.label, $0.formattedValue, $0.unit, $0.target] }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == 1
          ? cell.leftPadded(to: widths[index])
          : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }

  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
