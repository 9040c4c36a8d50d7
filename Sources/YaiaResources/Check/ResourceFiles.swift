import Foundation
import YaiaSupport

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
  /// The most bytes of Swift source read in one run, all files together: 512 MiB.
  public static let mostSourceBytes = 512 << 20
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
    /// Sources left out of `sources` because yaia-text-keys wrote them
    /// (``TextKeySource/generatedMarker``): their accessors are not uses of the keys.
    public var generated: [String] = []
    /// What the sources name (``KeyUsage/scan(_:)``), scanned as each is read: all the
    /// unused-key check needs, so a run that does not keep the texts holds one file at a time.
    public var names = KeyUsage.Names()
    /// How many sources were read, their texts kept or not.
    public var sourceCount = 0
  }

  /// The catalogs and Swift sources under `paths` (files or folders).
  public static func find(in paths: [String]) -> Found {
    find(in: paths, keepingText: true)
  }

  /// The catalogs and Swift sources under `paths`, each source scanned for key names as it is
  /// read (``Found/names``) and its text kept in ``Found/sources`` only when `keepingText`:
  /// without it, memory stays a small multiple of the largest file, not of all the code.
  public static func find(in paths: [String], keepingText: Bool) -> Found {
    var found = Found()
    var seen: Set<String> = []
    var count = 0
    var sourceBytes = 0
    var leftOut = false
    func visit(_ path: String, depth: Int, named: Bool) {
      guard !leftOut else { return }
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
      let isCatalog = path.hasSuffix(".xcstrings")
      if isCatalog || path.hasSuffix(".swift") {
        guard count < mostFiles, sourceBytes <= mostSourceBytes else {
          leftOut = true
          return
        }
        count += 1
      }
      if isCatalog {
        found.catalogs.append(path)
      } else if path.hasSuffix(".swift") {
        do {
          guard let bytes = try OutsideFile.read(path, atMost: largestSource) else { return }
          sourceBytes += bytes.count
          let text = String(decoding: bytes, as: UTF8.self)
          if isGenerated(text) {
            found.generated.append(path)
          } else {
            found.sourceCount += 1
            found.names.formUnion(KeyUsage.scan(text))
            if keepingText { found.sources.append((path, text)) }
          }
        } catch {
          found.problems.append(
            "\(VisibleText.escaped(path)): \(VisibleText.escaped(error.description))")
        }
      } else if named {
        found.problems.append(
          "\(VisibleText.escaped(path)): neither a string catalog (.xcstrings) nor Swift source")
      }
    }
    for path in paths { visit(path, depth: 0, named: true) }
    if leftOut {
      found.problems.append(
        "more than \(mostFiles) files or \(mostSourceBytes >> 20) MiB of Swift under the paths; the rest not read"
      )
    }
    return found
  }

  /// Whether `text` is yaia-text-keys' output: a line of its first 40 begins with
  /// ``TextKeySource/generatedMarker`` (a checked-in file may have a preamble above it).
  static func isGenerated(_ text: String) -> Bool {
    text.split(separator: "\n", maxSplits: 40, omittingEmptySubsequences: false).prefix(40)
      .contains { $0.hasPrefix(TextKeySource.generatedMarker) }
  }
}
