import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's terminal: whether input and output are terminals, raw keyboard mode (keys
/// arrive one by one, unechoed, Ctrl-C as a key), reading the keyboard on a thread of its
/// own, and writing whole screens.
package final class TerminalIO: Sendable {
  /// Whether standard output is a terminal (then screens use ANSI and are redrawn in place).
  let outputIsTerminal: Bool
  /// Whether standard input is a terminal (then it is put in raw mode).
  let inputIsTerminal: Bool
  private let saved: SavedMode?

  /// The process's terminal, unchanged until ``startRawMode()``.
  package init() {
    outputIsTerminal = isatty(STDOUT_FILENO) == 1
    inputIsTerminal = isatty(STDIN_FILENO) == 1
    var mode = termios()
    saved = inputIsTerminal && tcgetattr(STDIN_FILENO, &mode) == 0 ? SavedMode(mode: mode) : nil
  }

  /// Puts the keyboard in raw mode: no echo, no line buffering, Ctrl-C read as a key.
  func startRawMode() {
    guard var mode = saved?.mode else { return }
    mode.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    mode.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &mode.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
    write("\u{1B}[?25l")  // hide the cursor
  }

  /// Puts the keyboard back as it was. Safe to call more than once.
  func restore() {
    guard var mode = saved?.mode else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
    write("\u{1B}[?25h")
  }

  /// The bytes typed on standard input, read on a thread of its own; finishes at the end of
  /// the input.
  func keyboard() -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
      let thread = Thread {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { break }
          if case .terminated = continuation.yield(Array(buffer[0..<count])) { break }
        }
        continuation.finish()
      }
      thread.start()
    }
  }

  /// Writes `text` to standard output at once.
  func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// The terminal mode to restore. proven: a C struct of plain integers, copied once and only
/// read afterwards, so sharing the copy across tasks is safe.
private struct SavedMode: @unchecked Sendable {
  // proven: a termios is plain bytes with no references, never mutated after init.
  let mode: termios
}
