extension LaunchReport {
  /// The report as a text Gantt chart: one line per step, its bar placed on a shared time
  /// axis, then its times and outcome. Steps that never ran have no bar.
  ///
  /// ```
  /// Launch completed in 800 ms; launch time 800 ms of a 3 s budget.
  /// step                |0 ms                          800 ms|
  /// presentSplash       |███████████████                     |    0 ms –  400 ms  finished
  /// login               |               ███████████████      |  400 ms –  800 ms  finished
  /// ```
  public func gantt(width: Int = 40) -> String {
    let width = max(10, width)
    let total = max(duration, .nanoseconds(1))
    let names = records.map { "\($0.step)" }
    let nameWidth = max(4, names.map(\.count).max() ?? 0)

    var lines = [summary]
    let axisEnd = formatted(duration)
    let axis = "0 ms" + String(repeating: " ", count: max(1, width - 4 - axisEnd.count)) + axisEnd
    lines.append(pad("step", nameWidth) + " |" + axis + "|")
    for (record, name) in zip(records, names) {
      var bar = [Character](repeating: " ", count: width)
      var times = "not run"
      if let start = record.start, let end = record.end {
        let from = min(width - 1, Int(start / total * Double(width)))
        let to = max(from + 1, min(width, Int((end / total * Double(width)).rounded(.up))))
        for column in from..<to { bar[column] = record.needsUserInput ? "░" : "█" }
        times = "\(formatted(start)) – \(formatted(end))"
      }
      lines.append(
        pad(name, nameWidth) + " |" + String(bar) + "| " + times + "  " + record.outcome.description
      )
    }
    if let overrun = budgetOverrun { lines.append(overrun.description) }
    return lines.joined(separator: "\n")
  }

  private var summary: String {
    let how: String
    switch outcome {
    case .completed: how = "completed"
    case .failed(let steps):
      how = "completed with failures (\(steps.map { "\($0)" }.joined(separator: ", ")))"
    case .aborted(let step, let reason): how = "aborted by \(step) (\(reason))"
    case .cancelled: how = "cancelled"
    }
    return
      "Launch \(how) in \(formatted(duration)); launch time \(formatted(launchTime)) of a \(formatted(budget)) budget."
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

/// A duration for people: `800 ms`, `2.5 s`, `0.4 ms`.
func formatted(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  if microseconds == 0 { return "0 ms" }
  if abs(microseconds) >= 10_000_000 {
    return "\(microseconds / 1_000_000) s"
  }
  if abs(microseconds) >= 1_000_000 {
    let tenths = (microseconds + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
  }
  if abs(microseconds) >= 1_000 {
    return "\((microseconds + 500) / 1_000) ms"
  }
  let hundredths = (microseconds + 5) / 10
  return "0.\(hundredths < 10 ? "0" : "")\(hundredths) ms"
}
