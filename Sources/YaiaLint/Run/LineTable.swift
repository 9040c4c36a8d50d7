#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// Where each line of a text starts, for turning a position into a line and a column: one
  /// pass over the bytes, then a binary search per lookup (swift-syntax's converter walks the
  /// whole tree to build the same table).
  struct LineTable: Sendable {
    /// The UTF-8 offset of each line's first byte.
    private let starts: [Int]
    /// How many lines the text has: a last line without a line break counts, the empty
    /// "line" after a final break does not (`wc -l` on a file that ends in one).
    let count: Int

    /// The table of `text`. A line ends at `\n`, `\r\n` or a lone `\r`, as Swift's lexer
    /// reads them (a file saved with classic Mac line ends is one line to a `\n` count).
    init(_ text: String) {
      var starts = [0]
      var text = text
      var endsInBreak = false
      text.withUTF8 { bytes in
        for index in bytes.indices {
          switch bytes[index] {
          case UInt8(ascii: "\n"):
            starts.append(index + 1)
          case UInt8(ascii: "\r")
          where index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"):
            starts.append(index + 1)
          default:
            continue
          }
        }
        endsInBreak = bytes.last == UInt8(ascii: "\n") || bytes.last == UInt8(ascii: "\r")
      }
      self.starts = starts
      count = text.isEmpty ? 0 : starts.count - (endsInBreak ? 1 : 0)
    }

    /// The 1-based line and column (in UTF-8 bytes, as the compiler counts) of `position`.
    func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
      let offset = position.utf8Offset
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      return (low + 1, offset - starts[low] + 1)
    }
  }
#endif
