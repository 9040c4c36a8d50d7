import Yaia

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
    let names = spans.map { "\($0.step)" }
    let nameWidth = max(4, names.map(\.count).max() ?? 0)

    var lines = [summary]
    let axisEnd = DurationText.format(duration)
    let axis = "0 ms" + String(repeating: " ", count: max(1, width - 4 - axisEnd.count)) + axisEnd
    lines.append(pad("step", nameWidth) + " |" + axis + "|")
    for (record, name) in zip(spans, names) {
      var bar = [Character](repeating: " ", count: width)
      var times = "not run"
      if let start = record.start, let end = record.end {
        let from = min(width - 1, Int(start / total * Double(width)))
        let to = max(from + 1, min(width, Int((end / total * Double(width)).rounded(.up))))
        for column in from..<to { bar[column] = record.needsUserInput ? "░" : "█" }
        times = "\(DurationText.format(start)) – \(DurationText.format(end))"
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
      "Launch \(how) in \(DurationText.format(duration)); launch time \(DurationText.format(launchTime)) of a \(DurationText.format(budget)) budget."
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
