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
    /// The deepest nesting parsed, counting `(`, `[`, `{`, generic arguments (`A<B<C>>`) and
    /// `#if` blocks together. swift-syntax recurses once or more per level with no bound: a few
    /// thousand levels end the process on its stack (20,000 nested generics or `#if` did), and
    /// a few hundred of `[` with elements between take minutes. Real code nests a few dozen.
    package static let maxNesting = 100

    /// Why `text` is not parsed, or `nil` when it is safe to parse.
    package static func refusal(_ text: String) -> String? {
      var run = 0
      var longest = 0
      var line = 1
      var lineOfLongest = 1
      var nesting = Nesting()
      var scanner = ByteScanner(text)
      var previous: UInt8 = 0x20
      while let byte = scanner.next() {
        nesting.read(byte, after: previous)
        previous = byte
        if nesting.depth > maxNesting {
          return
            "nests brackets, generic arguments or #if blocks more than \(maxNesting) levels deep "
            + "(line \(line)), past what the Swift parser reads safely; not linted"
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

    /// The nesting the parser recurses on, counted byte by byte: brackets, generic arguments and
    /// `#if` blocks.
    ///
    /// A `<` right after a name, `?`, `!`, `>` or `]` opens generic arguments (`Array<Int>`,
    /// `A<B<C>>`); a `>` closes one while any is open. A comparison written without spaces
    /// (`i<n`) opens one that never closes, so the count of angles ends with each line, `;`,
    /// `{`, `}` and `=`: generic arguments do not span them in practice, and a file of
    /// comparisons is never refused for them.
    struct Nesting {
      private var brackets = 0
      private var angles = 0
      private var conditions = 0
      /// The directive being read after a `#`, while it is a name.
      private var directive: [UInt8]?

      /// How deep the parser will recurse here, all kinds together.
      var depth: Int { brackets + angles + conditions }

      mutating func read(_ byte: UInt8, after previous: UInt8) {
        if var name = directive {
          if Self.isNameByte(byte) {
            name.append(byte)
            directive = name.count <= 5 ? name : nil
            return
          }
          if name == Array("if".utf8) { conditions += 1 }
          if name == Array("endif".utf8) { conditions = max(0, conditions - 1) }
          directive = nil
        }
        switch byte {
        case UInt8(ascii: "#"): directive = []
        case UInt8(ascii: "("), UInt8(ascii: "["): brackets += 1
        case UInt8(ascii: "{"):
          brackets += 1
          angles = 0
        case UInt8(ascii: ")"), UInt8(ascii: "]"): brackets = max(0, brackets - 1)
        case UInt8(ascii: "}"):
          brackets = max(0, brackets - 1)
          angles = 0
        case UInt8(ascii: "<"):
          if Self.isNameByte(previous) || Array("?!>]".utf8).contains(previous) { angles += 1 }
        case UInt8(ascii: ">"): angles = max(0, angles - 1)
        case UInt8(ascii: "\n"), UInt8(ascii: ";"), UInt8(ascii: "="): angles = 0
        default: break
        }
      }

      private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
          || byte >= 0x80
      }
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
