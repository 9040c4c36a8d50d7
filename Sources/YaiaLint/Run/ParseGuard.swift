#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// Refuses, before parsing, the shapes of source that swift-syntax 603 parses in exponential
  /// time: directly nested `[` (`[[[[…`), where the parser's look-ahead for an inline array type
  /// (`[3 of Int]`) backtracks at every level. 18 levels take 8 s in a debug build, 22 over a
  /// minute, and one such file stalls the whole run; fuzzing `yaia lint` found it.
  ///
  /// A cheap byte scan: it skips string literals and comments, and counts `[` that follow each
  /// other with only whitespace or comments between. Real code nests a few (`[[String: [Int]]]`);
  /// past ``maxSquareRun`` the file is reported as not linted, with why, and the run goes on.
  package enum ParseGuard {
    /// The longest run of directly nested `[` parsed (13 take about 0.3 s in a debug build).
    package static let maxSquareRun = 12
    /// The deepest nesting of `(`, `[` and `{` parsed. swift-syntax recurses once or more per
    /// level with no bound: a few thousand levels end the process on its stack, and a few
    /// hundred of `[` with elements between take minutes. Real code nests a few dozen.
    package static let maxNesting = 100

    /// Why `text` is not parsed, or `nil` when it is safe to parse.
    package static func refusal(_ text: String) -> String? {
      var run = 0
      var longest = 0
      var line = 1
      var lineOfLongest = 1
      var depth = 0
      var scanner = ByteScanner(text)
      while let byte = scanner.next() {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          if depth > maxNesting {
            return
              "nests brackets more than \(maxNesting) levels deep (line \(line)), past what the "
              + "Swift parser reads safely; not linted"
          }
        case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth = max(0, depth - 1)
        default:
          break
        }
        switch byte {
        case UInt8(ascii: "["):
          run += 1
          if run > longest {
            longest = run
            lineOfLongest = line
          }
          if longest > maxSquareRun {
            return
              "nests `[` directly \(maxSquareRun + 1) or more levels deep (line \(lineOfLongest)), "
              + "which the Swift parser takes exponential time to read; not linted"
          }
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
          break
        case UInt8(ascii: "\n"):
          line += 1
        default:
          run = 0
        }
        line += scanner.skippedLines
      }
      return nil
    }

    /// Walks source bytes, stepping over comments and string literals (each counts as one
    /// space), and says how many line breaks it stepped over.
    struct ByteScanner {
      private let bytes: [UInt8]
      private var index = 0
      /// Line breaks inside the comment or literal skipped by the last ``next()``.
      private(set) var skippedLines = 0

      init(_ text: String) {
        bytes = Array(text.utf8)
      }

      mutating func next() -> UInt8? {
        skippedLines = 0
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "/") where peek() == UInt8(ascii: "/"):
          skip(until: [UInt8(ascii: "\n")], keepingEnd: true)
          return UInt8(ascii: " ")
        case UInt8(ascii: "/") where peek() == UInt8(ascii: "*"):
          index += 1
          skip(until: Array("*/".utf8), keepingEnd: false)
          return UInt8(ascii: " ")
        case UInt8(ascii: "\""):
          if peek() == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\"") {
            index += 2
            skip(until: Array("\"\"\"".utf8), keepingEnd: false, escapes: true)
          } else {
            skip(until: [UInt8(ascii: "\"")], keepingEnd: false, escapes: true, stopAtLine: true)
          }
          return UInt8(ascii: "x")  // a literal ends a run of `[`
        default:
          return byte
        }
      }

      private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
      }

      /// Moves past the next `end` (or to the end of the text); with `keepingEnd`, stops before
      /// it. Backslash escapes are stepped over when `escapes`; a single-line literal also ends at
      /// a line break (`stopAtLine`), which it leaves to be read.
      private mutating func skip(
        until end: [UInt8], keepingEnd: Bool, escapes: Bool = false, stopAtLine: Bool = false
      ) {
        while index < bytes.count {
          if escapes, bytes[index] == UInt8(ascii: "\\") {
            index += 2
            continue
          }
          if bytes[index] == UInt8(ascii: "\n") {
            if stopAtLine { return }
            if !keepingEnd || end != [UInt8(ascii: "\n")] { skippedLines += 1 }
          }
          if bytes[index..<min(bytes.count, index + end.count)].elementsEqual(end) {
            if !keepingEnd { index += end.count }
            return
          }
          index += 1
        }
      }
    }
  }
#endif
