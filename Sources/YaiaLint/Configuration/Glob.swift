#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// A path pattern, the one matcher of `exclude` and of layers' `paths`.
  ///
  /// A pattern is read segment by segment, split at `/`:
  /// - `**` as a whole segment is any number of folders, none included (`a/**/b.swift`
  ///   matches `a/b.swift` and `a/x/y/b.swift`; `Sources/**` matches everything under Sources);
  /// - in any other segment, `*` is any run of characters but `/`, and `?` one character but
  ///   `/`.
  ///
  /// A pattern that names a folder matches the folder and everything in it, as other linters
  /// and `.gitignore` read it: `Sources/Generated` is `Sources/Generated/**`. A pattern with no
  /// `/` but a trailing one is a name in any folder: `Generated` (or `Generated/`) matches a
  /// folder of that name anywhere and everything in it, `*.generated.swift` a file name
  /// anywhere. A leading `./` of the pattern or of the path is ignored.
  ///
  /// Matching is by dynamic programming over segments, so every pattern takes at most
  /// (pattern segments × path segments) segment matches: no pattern can take exponential time.
  struct Glob: Sendable, Hashable {
    private enum Segment: Hashable {
      case anyFolders
      case name([Character])
    }

    private let segments: [Segment]
    private let matchesNameAnywhere: Bool

    init(_ pattern: String) {
      var trimmed = Substring(pattern)
      while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
      while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
      matchesNameAnywhere = !trimmed.contains("/")
      segments = trimmed.split(separator: "/", omittingEmptySubsequences: true).map {
        $0 == "**" ? .anyFolders : .name(Array($0))
      }
    }

    /// Whether `path` (a file, or a folder) is matched, or is inside a folder that is.
    func matches(_ path: String) -> Bool {
      var trimmed = Substring(path)
      while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
      let parts = trimmed.split(separator: "/", omittingEmptySubsequences: true).map {
        Array($0)
      }
      guard !parts.isEmpty, !segments.isEmpty else { return false }
      if matchesNameAnywhere {
        guard case .name(let pattern)? = segments.first, segments.count == 1 else {
          return segments == [.anyFolders]
        }
        // `.` and `..` (a path outside the configuration's folder) are no names.
        return parts.contains {
          $0 != ["."] && $0 != [".", "."] && Self.match(pattern[...], $0[...])
        }
      }
      // reachable[j]: the segments read so far can match the first j parts of the path.
      var reachable = [Bool](repeating: false, count: parts.count + 1)
      reachable[0] = true
      for segment in segments {
        var next = [Bool](repeating: false, count: parts.count + 1)
        switch segment {
        case .anyFolders:
          var seen = false
          for index in 0...parts.count {
            seen = seen || reachable[index]
            next[index] = seen
          }
        case .name(let pattern):
          for index in 0..<parts.count where reachable[index] {
            if Self.match(pattern[...], parts[index][...]) { next[index + 1] = true }
          }
        }
        reachable = next
      }
      // The whole path, or a folder it is in.
      return reachable.dropFirst().contains(true)
    }

    /// One segment against one name: `*` any run, `?` one character. Backtracking to the last
    /// star is exact when only one kind of star exists, and linear in practice.
    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>)
      -> Bool
    {
      var p = pattern.startIndex
      var t = text.startIndex
      var star: (pattern: Int, text: Int)?
      while t < text.endIndex {
        if p < pattern.endIndex, pattern[p] == "*" {
          while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
          star = (p, t)
        } else if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == text[t] {
          p += 1
          t += 1
        } else if let last = star {
          star = (last.pattern, last.text + 1)
          p = last.pattern
          t = last.text + 1
        } else {
          return false
        }
      }
      while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
      return p == pattern.endIndex
    }
  }
#endif
