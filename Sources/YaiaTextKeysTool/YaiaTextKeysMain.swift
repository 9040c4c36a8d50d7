import Foundation
import YaiaResources
import YaiaSupport

/// `yaia-text-keys --output TextKeys.swift [--access public] CATALOG.xcstrings…`: writes the
/// typed accessors of the catalogs' keys (``TextKeySource``). The `YaiaTextKeys` build-tool
/// plugin runs it on every build whose catalogs changed; it depends on nothing outside Yaia, so
/// an app pays for no argument parser or linter.
///
/// A catalog that cannot be read stops the build with `file:line: error: …`, which Xcode and
/// SwiftPM show at the catalog. The output is written only when it changed, so an unchanged
/// catalog recompiles nothing.
enum YaiaTextKeysMain {
  static let usage =
    "usage: yaia-text-keys --output FILE.swift [--access internal|public|package] CATALOG.xcstrings…"

  /// Runs the generator with `arguments` (the program's name first) and returns the exit
  /// status: 0 written, 1 a catalog or the output could not be used, 2 a usage error.
  static func run(_ arguments: [String]) -> Int32 {
    var output: String?
    var access = "internal"
    var catalogs: [String] = []
    var rest = arguments.dropFirst()[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--output": output = rest.popFirst()
      case "--access": access = rest.popFirst() ?? ""
      case "--help", "-h":
        print(usage)
        return 0
      case let option where option.hasPrefix("-"):
        return fail(
          "yaia-text-keys: unknown option \(VisibleText.escaped(option))\n\(usage)", status: 2)
      default: catalogs.append(argument)
      }
    }
    guard let output, !catalogs.isEmpty, ["internal", "public", "package"].contains(access) else {
      return fail(usage, status: 2)
    }
    do {
      let read = try catalogs.map { path throws(StringCatalogError) in
        try StringCatalog(contentsOf: path)
      }
      let source = try TextKeySource.swift(for: read, access: access)
      // Through the one safe writer: a FIFO, a device or a link at the output is refused
      // (writing to a FIFO waited for ever; a link was written through), never replaced.
      let existing = try OutsideFile.read(output, atMost: 64 << 20, followingLinks: false)
      if existing != Array(source.utf8) {
        try OutsideFile.replace(output, with: Array(source.utf8))
      }
      return 0
    } catch let error as StringCatalogError {
      return fail(error.asCompilerError)
    } catch let error as OutsideFile.Failure {
      return fail(
        "\(VisibleText.escaped(output)): error: cannot write the accessors: \(VisibleText.escaped(error.description))"
      )
    } catch {
      return fail("\(VisibleText.escaped(output)): error: cannot write the accessors: \(error)")
    }
  }

  static func fail(_ message: String, status: Int32 = 1) -> Int32 {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    return status
  }
}

/// The program's entry: the generator with the command line.
@main
enum YaiaTextKeysEntry {
  static func main() { exit(YaiaTextKeysMain.run(CommandLine.arguments)) }
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
