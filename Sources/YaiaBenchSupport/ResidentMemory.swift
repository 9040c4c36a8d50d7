import Foundation

/// The process's resident memory, as Linux reports it in `/proc/self/status`: how much a step
/// (reading a large description) holds at its peak, for figures that set a memory budget.
package enum ResidentMemory {
  /// Megabytes the process's peak resident size grew by while `work` ran (its peak is reset
  /// first, through `/proc/self/clear_refs`); `nil` where the kernel does not report it.
  package static func peakGrowthMB(during work: () throws -> Void) rethrows -> Double? {
    let before = kilobytes("VmRSS")
    // Writing 5 resets the peak (VmHWM) to the current size (Linux 4.0 and later).
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    try work()
    guard let before, let peak = kilobytes("VmHWM") else { return nil }
    return Double(max(0, peak - before)) / 1024
  }

  /// A `kB` line of `/proc/self/status`, such as `VmRSS`.
  private static func kilobytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      // `VmRSS:\t  12345 kB`: the number between the tab and spaces and the unit.
      return Int(line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first ?? "")
    }
    return nil
  }
}
