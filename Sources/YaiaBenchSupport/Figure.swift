import Foundation

/// One measured number, with a name scripts can grep and a line of context for people. Shared
/// by `yaia-bench` and `yaia-bench-lint`, which print the same table and `figure:` lines.
package struct Figure: Sendable {
  /// The stable name, such as `scene.events_per_s`.
  package var name: String
  /// The number measured, in `unit`.
  package var value: Double
  /// The unit scripts read after the value: `lines/s`, `ms`, `x`.
  package var unit: String
  /// What was measured, for the table.
  package var label: String
  /// The target, if the project set one, for the table.
  package var target: String = ""

  /// A figure; `target` is the project's goal for it, when it has one.
  package init(name: String, value: Double, unit: String, label: String, target: String = "") {
    self.name = name
    self.value = value
    self.unit = unit
    self.label = label
    self.target = target
  }

  /// The value as the table shows it: millions as `1.23M`, hundreds and more without decimals.
  package var formattedValue: String {
    if value >= 1_000_000 { return String(format: "%.2fM", value / 1_000_000) }
    if value >= 100 { return String(format: "%.0f", value) }
    return String(format: "%.3f", value)
  }

  /// `figure: NAME VALUE UNIT`, the line scripts read.
  package var machineLine: String {
    "figure: \(name) \(String(format: value >= 100 ? "%.0f" : "%.4f", value)) \(unit)"
  }

  /// The figures as an aligned table: label, value, unit, target.
  package static func table(_ figures: [Figure]) -> String {
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
