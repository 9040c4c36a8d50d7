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
      // Read in place: every file is scanned, and a copy of its bytes cost a tenth of the scan.
      var text = text
      return text.withUTF8 { refusal(bytes: $0) }
    }

    private static func refusal(bytes: UnsafeBufferPointer<UInt8>) -> String? {
      var run = 0
      var longest = 0
      var line = 1
      var lineOfLongest = 1
      var nesting = Nesting()
      var scanner = ByteScanner(bytes)
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
        // The rest of a name, or of a stretch of spaces, changes nothing the scan counts (the
        // first byte did it): stepped over in a tight loop, the byte before the next one kept.
        if Nesting.isNameByte(byte), !nesting.isReadingDirective {
          previous = scanner.skip(while: Nesting.isNameByte) ?? previous
        } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
          previous =
            scanner.skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? previous
        }
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
      /// The directive being read after a `#`, while it is a name of at most 5 bytes, packed
      /// one byte a place (`if` is 0x6966): no allocation in the scan's hot loop.
      private var directive: UInt64?
      private var directiveLength = 0
      private static let ifName: UInt64 = 0x6966  // "if"
      private static let endifName: UInt64 = 0x65_6e64_6966  // "endif"

      /// How deep the parser will recurse here, all kinds together.
      var depth: Int { brackets + angles + conditions }

      /// Whether the name after a `#` is being read: then every byte of it counts.
      var isReadingDirective: Bool { directive != nil }

      mutating func read(_ byte: UInt8, after previous: UInt8) {
        if let name = directive {
          if Self.isNameByte(byte) {
            directiveLength += 1
            directive = directiveLength <= 5 ? name << 8 | UInt64(byte) : nil
            return
          }
          if name == Self.ifName { conditions += 1 }
          if name == Self.endifName { conditions = max(0, conditions - 1) }
          directive = nil
        }
        switch byte {
        case UInt8(ascii: "#"):
          directive = 0
          directiveLength = 0
        case UInt8(ascii: "("), UInt8(ascii: "["): brackets += 1
        case UInt8(ascii: "{"):
          brackets += 1
          angles = 0
        case UInt8(ascii: ")"), UInt8(ascii: "]"): brackets = max(0, brackets - 1)
        case UInt8(ascii: "}"):
          brackets = max(0, brackets - 1)
          angles = 0
        case UInt8(ascii: "<"):
          switch previous {
          case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: ">"), UInt8(ascii: "]"):
            angles += 1
          default: if Self.isNameByte(previous) { angles += 1 }
          }
        case UInt8(ascii: ">"): angles = max(0, angles - 1)
        case UInt8(ascii: "\n"), UInt8(ascii: ";"), UInt8(ascii: "="): angles = 0
        default: break
        }
      }

      static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
          || byte >= 0x80
      }
    }

    /// Walks source bytes, stepping over comments and string literals (each counts as one
    /// space), and says how many line breaks it stepped over.
    struct ByteScanner {
      private let bytes: UnsafeBufferPointer<UInt8>
      private var index = 0
      /// Line breaks inside the comment or literal skipped by the last ``next()``.
      private(set) var skippedLines = 0

      /// A scanner of `bytes`, which must outlive it.
      init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
      }

      mutating func next() -> UInt8? {
        skippedLines = 0
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "/") where peek() == UInt8(ascii: "/"):
          // To the line break, which is left to be read (and counted) as the next byte.
          while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
          return UInt8(ascii: " ")
        case UInt8(ascii: "/") where peek() == UInt8(ascii: "*"):
          index += 1
          skip(until: UInt8(ascii: "*"), UInt8(ascii: "/"), length: 2, escapes: false)
          return UInt8(ascii: " ")
        case UInt8(ascii: "\""):
          if peek() == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\"") {
            index += 2
            let quote = UInt8(ascii: "\"")
            skip(until: quote, quote, quote, length: 3, escapes: true)
          } else {
            skip(until: UInt8(ascii: "\""), length: 1, escapes: true, stopAtLine: true)
          }
          return UInt8(ascii: "x")  // a literal ends a run of `[`
        default:
          return byte
        }
      }

      /// Steps over the bytes that follow while `include` says so, none of which may open a
      /// comment or a literal; returns the last one stepped over, if any.
      mutating func skip(while include: (UInt8) -> Bool) -> UInt8? {
        skippedLines = 0
        var last: UInt8?
        while index < bytes.count, include(bytes[index]) {
          last = bytes[index]
          index += 1
        }
        return last
      }

      private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
      }

      /// Moves past the next `end` (its first `length` of `first`, `second`, `third`), or to the
      /// end of the text, counting the line breaks stepped over. Backslash escapes are stepped
      /// over when `escapes`; a single-line literal also ends at a line break (`stopAtLine`),
      /// which it leaves to be read. The end is passed as bytes, not an array: this runs for
      /// every comment and literal of every file.
      private mutating func skip(
        until first: UInt8, _ second: UInt8 = 0, _ third: UInt8 = 0, length: Int, escapes: Bool,
        stopAtLine: Bool = false
      ) {
        let count = bytes.count
        while index < count {
          let byte = bytes[index]
          if escapes, byte == UInt8(ascii: "\\") {
            index += 2
            continue
          }
          if byte == UInt8(ascii: "\n") {
            if stopAtLine { return }
            skippedLines += 1
          }
          if byte == first, length < 2 || (index + 1 < count && bytes[index + 1] == second),
            length < 3 || (index + 2 < count && bytes[index + 2] == third)
          {
            index += length
            return
          }
          index += 1
        }
        index = min(index, count)
      }
    }
  }
#endif
