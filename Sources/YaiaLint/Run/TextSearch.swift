#if Lint  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// Whether `text` contains `needle`, by a byte search (the generic `firstRange(of:)` cost a
  /// quarter of a lint run). Rules use it to skip a tree walk when a file never names what they
  /// look for; the check itself is always made on the syntax tree.
  func contains(_ text: String, _ needle: String) -> Bool {
    var text = text
    var needle = needle
    return text.withUTF8 { haystack in
      needle.withUTF8 { wanted in
        guard let base = haystack.baseAddress, let key = wanted.baseAddress, wanted.count > 0,
          haystack.count >= wanted.count
        else { return false }
        let first = key.pointee
        var index = 0
        let last = haystack.count - wanted.count
        while index <= last {
          if base[index] == first,
            memcmp(base + index, key, wanted.count) == 0
          {
            return true
          }
          index += 1
        }
        return false
      }
    }
  }
#endif
