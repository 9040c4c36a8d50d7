/// A key the user pressed, decoded from the terminal's bytes.
enum Key: Hashable, Sendable, CustomStringConvertible {
  /// A printable character (or several, pasted at once).
  case text(String)
  /// Enter / Return.
  case enter
  /// Tab.
  case tab
  /// Backspace / Delete.
  case backspace
  /// Escape.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Ctrl-C.
  case interrupt
  /// Ctrl-D, or the end of the input.
  case endOfInput
  /// Another control character, by its code: Ctrl-A is 1.
  case control(UInt8)

  /// How a message names the key: `'x'`, `Tab`, `Ctrl-G`.
  var description: String {
    switch self {
    case .text(let text): return text.count > 20 ? "'\(text.prefix(20))…'" : "'\(text)'"
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backspace: return "Backspace"
    case .escape: return "Esc"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .interrupt: return "Ctrl-C"
    case .endOfInput: return "Ctrl-D"
    case .control(let code): return "Ctrl-\(Character(Unicode.Scalar(code + 64)))"
    }
  }
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control characters, and the
/// escape sequences of the arrow keys. Bytes may arrive split anywhere; an incomplete
/// sequence waits for the next chunk.
struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder with nothing pending.
  init() {}

  /// The keys in `bytes` (and whatever was pending), in order.
  mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty {
        keys.append(.text(String(decoding: text, as: UTF8.self)))
        text = []
      }
    }
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x1B:
        flushText()
        if index + 1 == pending.count {
          // A lone escape at the end of a chunk: the Esc key (terminals send arrows whole).
          keys.append(.escape)
          index += 1
        } else if pending[index + 1] == UInt8(ascii: "[") || pending[index + 1] == UInt8(ascii: "O")
        {
          guard index + 2 < pending.count else {
            pending.removeFirst(index)
            return keys
          }
          let arrows: [UInt8: Key] = [
            UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
            UInt8(ascii: "D"): .left,
          ]
          keys.append(arrows[pending[index + 2]] ?? .escape)
          index += 3
        } else {
          keys.append(.escape)
          index += 1
        }
        continue
      case 0x0D, 0x0A:
        flushText()
        keys.append(.enter)
        // A CR LF pair is one Enter.
        if byte == 0x0D, index + 1 < pending.count, pending[index + 1] == 0x0A { index += 1 }
      case 0x09:
        flushText()
        keys.append(.tab)
      case 0x7F, 0x08:
        flushText()
        keys.append(.backspace)
      case 0x03:
        flushText()
        keys.append(.interrupt)
      case 0x04:
        flushText()
        keys.append(.endOfInput)
      case 0x00..<0x20:
        flushText()
        keys.append(.control(byte))
      default:
        // Keep a multi-byte UTF-8 character whole across chunks.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= pending.count else {
          flushText()
          pending.removeFirst(index)
          return keys
        }
        text.append(contentsOf: pending[index..<index + length])
        index += length
        continue
      }
      index += 1
    }
    flushText()
    pending = []
    return keys
  }
}
