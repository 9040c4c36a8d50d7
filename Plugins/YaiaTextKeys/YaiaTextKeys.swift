import Foundation
import PackagePlugin

/// Generates typed accessors for the keys of a target's String Catalogs (`.xcstrings`) on
/// every build, so a key the catalog lacks is a compile error: `.homeTitle`,
/// `.homeSpeakers(count)`. Nothing generated is checked in; `yaia-text-keys` writes it into the
/// build folder.
///
/// Add it to the target that holds the catalog and depends on YaiaResources; copy the catalog
/// as a resource, so the app can render from it at run time:
///
///     .target(
///       name: "App", dependencies: [.product(name: "YaiaResources", package: "yaia")],
///       resources: [.copy("Localizable.xcstrings")],
///       plugins: [.plugin(name: "YaiaTextKeys", package: "yaia")])
@main
struct YaiaTextKeys: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    guard let module = target as? any SourceModuleTarget else { return [] }
    let catalogs = module.sourceFiles.filter { $0.url.pathExtension == "xcstrings" }.map(\.url)
    guard !catalogs.isEmpty else {
      // Said, not silent: a plugin that generates nothing leaves every accessor undefined.
      Diagnostics.warning(
        "YaiaTextKeys: target \(target.name) has no .xcstrings file; no text keys generated")
      return []
    }
    return [
      try Self.command(
        for: target.name, catalogs: catalogs, in: context.pluginWorkDirectoryURL,
        tool: context.tool(named: "yaia-text-keys").url)
    ]
  }

  /// The one command, for a package's target and an Xcode project's alike: the tool reads the
  /// catalogs and writes `TextKeys.swift` into the plugin's work folder.
  static func command(for target: String, catalogs: [URL], in folder: URL, tool: URL) -> Command {
    let output = folder.appending(path: "TextKeys.swift")
    return .buildCommand(
      displayName: "Generating text keys for \(target)",
      executable: tool,
      arguments: ["--output", output.path] + catalogs.map(\.path),
      inputFiles: catalogs,
      outputFiles: [output])
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  // An Xcode project (an `.xcodeproj` app) runs the same command: add the package, then the
  // plugin under the app target's Build Phases › Run Build Tool Plug-ins. Xcode builds this
  // file only on a Mac; the package's own build on Linux never sees it.
  extension YaiaTextKeys: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws
      -> [Command]
    {
      let catalogs = target.inputFiles.filter { $0.url.pathExtension == "xcstrings" }.map(\.url)
      guard !catalogs.isEmpty else {
        Diagnostics.warning(
          "YaiaTextKeys: target \(target.displayName) has no .xcstrings file; no text keys generated"
        )
        return []
      }
      return [
        try Self.command(
          for: target.displayName, catalogs: catalogs, in: context.pluginWorkDirectoryURL,
          tool: context.tool(named: "yaia-text-keys").url)
      ]
    }
  }
#endif
