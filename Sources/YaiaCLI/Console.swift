import Foundation
import Yaia

/// Where the commands write their lines.
enum Console {
  /// Writes a line to standard output at once (logs are read live, and by tests). What comes
  /// from outside (request paths from anyone who can reach a port, fixture values, file names)
  /// goes through the terminal rule: control characters are shown, not acted on.
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((VisibleText.escaped(line) + "\n").utf8))
  }
}
