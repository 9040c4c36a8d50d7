#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// Where each line of a text starts, for turning a position into a line and a column: one
  /// pass over the bytes, then a binary search per lookup (swift-syntax's converter walks the
  /// whole tree to build the same table).
  struct LineTable: Sendable {
    /// The UTF-8 offset of each line's first byte.
    private let starts: [Int]

    /// The table of `text`.
    init(_ text: String) {
      var starts = [0]
      var text = text
      text.withUTF8 { bytes in
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
          starts.append(index + 1)
        }
      }
      self.starts = starts
    }

    /// How many lines the text has.
    var count: Int { starts.count }

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
