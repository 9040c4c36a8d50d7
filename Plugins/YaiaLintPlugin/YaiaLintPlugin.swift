import Foundation
import PackagePlugin

/// `swift package yaia-lint [ARGUMENTS…]`: runs `yaia-lint` (what `yaia lint` runs) on the
/// package (or on the paths given), with the package's `.yaia-lint.yml` if it has one.
/// Its exit status is yaia-lint's: 0 clean, 1 findings at error level, 2 a usage error.
///
/// The plugin declares no tool: it asks SwiftPM to build the `yaia-lint` product in the
/// package's own build (debug), the one `swift build` and `swift test` use. A tool dependency
/// would be built for the host apart from it, so every `swift build` would compile
/// swift-syntax a second time.
@main
struct YaiaLintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let build = try packageManager.build(
      .product("yaia-lint"), parameters: .init(configuration: .debug, logging: .concise))
    guard build.succeeded else {
      Diagnostics.error("yaia-lint did not build:\n\(build.logText)")
      exit(2)
    }
    guard
      let tool = build.builtArtifacts.first(where: {
        $0.kind == .executable && $0.url.lastPathComponent == "yaia-lint"
      })
    else {
      Diagnostics.error("SwiftPM built yaia-lint but did not say where it is.")
      exit(2)
    }
    let root = context.package.directoryURL
    var lintArguments: [String] = []
    // A path is an argument that is neither an option nor an option's value.
    let optionsWithValues: Set<String> = [
      "--config", "--format", "--baseline", "--write-baseline", "--cache",
    ]
    let givesPaths = arguments.indices.contains { index in
      !arguments[index].hasPrefix("-")
        && (index == 0 || !optionsWithValues.contains(arguments[index - 1]))
    }
    if !arguments.contains("--config"),
      FileManager.default.fileExists(atPath: root.appending(path: ".yaia-lint.yml").path)
    {
      lintArguments += ["--config", root.appending(path: ".yaia-lint.yml").path]
    }
    // The cache lives where a plugin may write: its own work folder.
    if !arguments.contains("--cache"), !arguments.contains("--no-cache") {
      lintArguments += [
        "--cache", context.pluginWorkDirectoryURL.appending(path: "yaia-lint-cache.json").path,
      ]
    }
    lintArguments += arguments
    // No paths: the whole package, from its root (yaia-lint skips .build, .git and hidden
    // folders), so findings name paths relative to the package.
    if !givesPaths { lintArguments.append(".") }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = lintArguments
    process.currentDirectoryURL = root
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("yaia-lint exited with status \(process.terminationStatus)")
      exit(process.terminationStatus)
    }
  }
}
