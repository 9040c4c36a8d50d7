import Foundation
import Yaia

/// The files `yaia resources check` reads under the paths it is given: the String Catalogs
/// (`.xcstrings`) to check and the Swift sources whose names and literals say which keys are
/// used. Every file is read through the core's `OutsideFile` (a FIFO or a device named
/// `*.swift` is refused, never waited on), within a size limit, and what cannot be read is a
/// problem with its path, never a silent gap.
public enum ResourceFiles {
  /// The largest Swift source read: 4 MiB.
  public static let largestSource = 4 << 20
  /// How deep folders are followed.
  public static let deepest = 64
  /// The most files read in one run.
  public static let mostFiles = 100_000
  /// Folders never entered: build products, dependencies, version control.
  public static let skippedFolders: Set<String> = [
    ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules",
  ]

  /// What was found under the paths.
  public struct Found: Sendable {
    /// The catalogs' paths, in the order found.
    public var catalogs: [String] = []
    /// The Swift sources' texts, with their paths.
    public var sources: [(path: String, text: String)] = []
    /// Each path that could not be read, and why.
    public var problems: [String] = []
  }

  /// The catalogs and Swift sources under `paths` (files or folders).
  public static func find(in paths: [String]) -> Found {
    var found = Found()
    var seen: Set<String> = []
    var count = 0
    func visit(_ path: String, depth: Int, named: Bool) {
      guard count < mostFiles else { return }
      let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      guard seen.insert(resolved).inserted else { return }
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) else {
        found.problems.append("\(VisibleText.escaped(path)): no such file or folder")
        return
      }
      if isFolder.boolValue {
        guard depth < deepest else {
          found.problems.append(
            "\(VisibleText.escaped(path)): nested more than \(deepest) folders deep; not entered")
          return
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
          found.problems.append("\(VisibleText.escaped(path)): the folder cannot be read")
          return
        }
        for entry in entries.sorted() where !entry.hasPrefix(".") && !skippedFolders.contains(entry)
        {
          visit(path == "." ? entry : path + "/" + entry, depth: depth + 1, named: false)
        }
        return
      }
      if path.hasSuffix(".xcstrings") {
        count += 1
        found.catalogs.append(path)
      } else if path.hasSuffix(".swift") {
        count += 1
        do {
          guard let bytes = try OutsideFile.read(path, atMost: largestSource) else { return }
          found.sources.append((path, String(decoding: bytes, as: UTF8.self)))
        } catch {
          found.problems.append("\(VisibleText.escaped(path)): \(error.description)")
        }
      } else if named {
        found.problems.append(
          "\(VisibleText.escaped(path)): neither a string catalog (.xcstrings) nor Swift source")
      }
    }
    for path in paths { visit(path, depth: 0, named: true) }
    if count >= mostFiles {
      found.problems.append("more than \(mostFiles) files under the paths; the rest not read")
    }
    return found
  }
}
