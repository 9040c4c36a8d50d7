import Foundation
import Yaia
import YaiaResources

/// `yaia-text-keys --output TextKeys.swift [--access public] CATALOG.xcstrings…`: writes the
/// typed accessors of the catalogs' keys (``TextKeySource``). The `YaiaTextKeys` build-tool
/// plugin runs it on every build whose catalogs changed; it depends on nothing outside Yaia, so
/// an app pays for no argument parser or linter.
///
/// A catalog that cannot be read stops the build with `file:line: error: …`, which Xcode and
/// SwiftPM show at the catalog. The output is written only when it changed, so an unchanged
/// catalog recompiles nothing.
@main
enum YaiaTextKeysMain {
  static let usage =
    "usage: yaia-text-keys --output FILE.swift [--access internal|public|package] CATALOG.xcstrings…"

  static func main() {
    var output: String?
    var access = "internal"
    var catalogs: [String] = []
    var arguments = CommandLine.arguments.dropFirst()[...]
    while let argument = arguments.popFirst() {
      switch argument {
      case "--output": output = arguments.popFirst()
      case "--access": access = arguments.popFirst() ?? ""
      case "--help", "-h":
        print(usage)
        return
      default: catalogs.append(argument)
      }
    }
    guard let output, !catalogs.isEmpty, ["internal", "public", "package"].contains(access) else {
      fail(usage)
    }
    do {
      let read = try catalogs.map { path throws(StringCatalogError) in
        try StringCatalog(contentsOf: path)
      }
      let source = try TextKeySource.swift(for: read, access: access)
      let existing = try? OutsideFile.read(output, atMost: 64 << 20)
      if existing != Array(source.utf8) {
        try Data(source.utf8).write(to: URL(fileURLWithPath: output))
      }
    } catch let error as StringCatalogError {
      fail(error.asCompilerError)
    } catch {
      fail("\(VisibleText.escaped(output)): error: cannot write the accessors: \(error)")
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
  }
}

extension StringCatalogError {
  /// `file:line: error: reason`, the form Xcode and SwiftPM place at the line.
  var asCompilerError: String {
    switch self {
    case .unreadable(let file, let reason):
      "\(VisibleText.escaped(file)):1: error: cannot read the string catalog: \(reason)"
    case .malformed(let file, let line, let reason):
      "\(VisibleText.escaped(file)):\(line): error: \(reason)"
    }
  }
}
