/// How many characters must change to turn one text into another (Levenshtein): what ranks the
/// "closest" suggestions in the mock server's 404s and in OpenAPI checks.
package enum EditDistance {
  /// The edits (insertions, deletions, replacements) from `a` to `b`.
  package static func between(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
