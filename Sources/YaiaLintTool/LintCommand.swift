#if Lint  // the trait; without it, TraitRequirement.swift names it
  import ArgumentParser
  import Foundation
  import Yaia
  import YaiaLint
  import YaiaToolSupport

  /// `yaia-lint` (and `yaia lint`, which runs it): the architecture's rules, checked in the user's
  /// own code.
  struct LintCommand: ParsableCommand {
    /// The largest configuration or baseline read, in bytes.
    static let largestInput = 64 << 20

    static let configuration = CommandConfiguration(
      commandName: "yaia-lint",
      abstract: "Check the architecture's rules in Swift sources.",
      discussion: """
        Lints the Swift files under PATHS (default: the current directory) with the rules of \
        the architecture: pure states, value commands and view models, layers, and the seeds' \
        smells. The configuration is read from --config, else from .yaia-lint.yml in the \
        current directory if there is one. Exit status: 0 when nothing is at error level, 1 \
        when something is or a Swift file could not be linted (it does not parse; the \
        configuration's `unlinted-files: warning` accepts that), 2 for a usage or \
        configuration error, a path that does not exist among them.
        """)

    @Argument(help: "Files or directories to lint.")
    var paths: [String] = []

    @Option(help: ArgumentHelp("The configuration file.", valueName: "file"))
    var config: String?

    @Option(help: "The output format: text, json, sarif or github.")
    var format: String = "text"

    @Option(help: ArgumentHelp("Fail only on findings not in this baseline.", valueName: "file"))
    var baseline: String?

    @Option(
      help: ArgumentHelp(
        "Write every finding to this baseline file, and succeed.", valueName: "file")
    )
    var writeBaseline: String?

    @Option(
      help: ArgumentHelp(
        "Where to keep what a run learned of each file, so the next reads only changed files (default: .build/yaia-lint-cache.json beside the configuration).",
        valueName: "file"))
    var cache: String?

    @Flag(help: "Read every file, and keep no cache.")
    var noCache = false

    @Flag(
      help:
        "Print a layers: section read from the package in the current folder, or the one folder given, one layer per target, to start a configuration from. It runs swift package dump-package, which compiles and runs that package's Package.swift: use it on packages you trust."
    )
    var packageLayers = false

    @Flag(
      help:
        "With --package-layers, allow each target every target it reaches through its dependencies (what SwiftPM lets it import), not only the ones it names."
    )
    var transitive = false

    @Option(
      help: ArgumentHelp(
        "With --package-layers, how long swift package dump-package may run (1...3600; default 120); past it, it and everything it started are ended.",
        valueName: "seconds"))
    var manifestTimeLimit = 120

    func run() throws {
      if packageLayers {
        // The package's folder: one path at most, never paths to lint ignored in silence.
        guard paths.count <= 1 else {
          throw usage(
            "--package-layers reads one package: give its folder, or none for the current one (got \(paths.count) paths)"
          )
        }
        print(
          PackageLayers.yaml(try readPackageLayers(in: paths.first, transitive: transitive)),
          terminator: "")
        return
      }
      guard !transitive else { throw usage("--transitive goes with --package-layers") }
      guard manifestTimeLimit == 120 else {
        throw usage("--manifest-time-limit goes with --package-layers")
      }
      guard let format = LintFormat(rawValue: format) else {
        throw usage(
          "--format must be text, json, sarif or github (got '\(VisibleText.escaped(format))')")
      }
      let rules = LintRules.all
      var configuration = LintConfiguration()
      var configText = ""
      let configPath =
        config
        ?? (FileManager.default.fileExists(atPath: ".yaia-lint.yml") ? ".yaia-lint.yml" : nil)
      if let configPath {
        let text: String
        do {
          guard let bytes = try OutsideFile.read(configPath, atMost: Self.largestInput),
            let decoded = String(validating: bytes, as: UTF8.self)
          else { throw usage("cannot read the configuration \(VisibleText.escaped(configPath))") }
          text = decoded
        } catch let failure as OutsideFile.Failure {
          throw usage("cannot read the configuration: \(VisibleText.escaped(failure.description))")
        }
        configText = text
        do {
          configuration = try LintConfiguration.load(yaml: text, path: configPath, rules: rules)
        } catch {
          throw usage(VisibleText.escaped(error.description))
        }
      }
      var accepted: LintBaseline?
      if let baseline {
        let data: Data
        do {
          guard let bytes = try OutsideFile.read(baseline, atMost: Self.largestInput) else {
            throw usage("cannot read the baseline \(VisibleText.escaped(baseline))")
          }
          data = Data(bytes)
        } catch let failure as OutsideFile.Failure {
          throw usage("cannot read the baseline: \(VisibleText.escaped(failure.description))")
        }
        do {
          accepted = try LintBaseline.read(data, path: baseline)
        } catch {
          throw usage(VisibleText.escaped(error.description))
        }
      }
      for path in paths where !FileManager.default.fileExists(atPath: path) {
        throw usage("no such file or directory: \(VisibleText.escaped(path))")
      }
      // Paths are reported relative to the configuration's folder (else the working
      // directory), so a baseline or a SARIF file names a file the same way from anywhere.
      let rootFolder =
        configPath.map {
          URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path
        } ?? FileManager.default.currentDirectoryPath
      let (sources, problems, skipped) = LintFiles.collect(
        paths.isEmpty ? ["."] : paths, relativeTo: rootFolder, excluding: configuration.excluded,
        skipping: configuration.skipped)
      let linter = Linter(rules: rules, configuration: configuration)
      var report: LintReport
      let secret = noCache ? nil : Self.cacheSecret(outside: rootFolder)
      if let secret {
        let cacheFile = URL(
          fileURLWithPath: cache ?? "\(rootFolder)/.build/yaia-lint-cache.json")
        let key = Self.cacheKey(configuration: configText)
        let (fresh, next) = linter.run(
          sources, cache: LintCache.read(from: cacheFile, key: key, secret: secret))
        report = fresh
        do {
          try next.write(to: cacheFile, secret: secret)
        } catch {
          FileHandle.standardError.write(
            Data(
              "yaia lint: the cache was not written: \(VisibleText.escaped((error as? OutsideFile.Failure)?.description ?? "\(cacheFile.path): \(error.localizedDescription)"))\n"
                .utf8))
        }
      } else {
        report = linter.run(sources)
      }
      report.root = rootFolder
      report.skipped = skipped
      report.problems = problems + report.problems
      for problem in report.problems {
        FileHandle.standardError.write(
          Data(
            "yaia lint: \(VisibleText.escaped(problem.path)) \(VisibleText.escaped(problem.message))\n"
              .utf8))
      }
      if let writeBaseline {
        do {
          try OutsideFile.replace(writeBaseline, with: LintBaseline(report).data())
        } catch {
          throw usage("cannot write the baseline: \(VisibleText.escaped(error.description))")
        }
        print("Wrote \(report.findings.count) findings to \(VisibleText.escaped(writeBaseline)).")
        return
      }
      if let accepted { report = accepted.filter(report) }
      FileHandle.standardOutput.write(
        Data(format.render(report, rules: rules, under: configuration).utf8))
      if report.fails(under: configuration) {
        if !report.hasErrors {
          FileHandle.standardError.write(
            Data(
              "yaia lint: \(report.unlintedFiles.count == 1 ? "1 Swift file was" : "\(report.unlintedFiles.count) Swift files were") not linted (above); set `unlinted-files: warning` to accept that\n"
                .utf8))
        }
        throw ExitCode(1)
      }
    }

    /// The key the cache is tagged with (``LintCacheSecret``), from the user's state folder;
    /// `nil`, said on standard error, when there is none to be had or it lies inside the tree
    /// being linted (`root`), where whoever writes the tree could write it too: the run then
    /// reads every file.
    static func cacheSecret(
      outside root: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LintCacheSecret? {
      let result: Result<LintCacheSecret, LintCacheSecret.Unavailable>
      if let folder = LintCacheSecret.stateFolder(environment: environment) {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let tree = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        if resolved == tree || resolved.hasPrefix(tree.hasSuffix("/") ? tree : tree + "/") {
          result = .failure(
            .init(description: "the state folder \(folder) is inside the linted tree"))
        } else {
          result = Result { () throws(LintCacheSecret.Unavailable) in
            try LintCacheSecret.load(stateFolder: folder)
          }
        }
      } else {
        result = .failure(.init(description: "neither XDG_STATE_HOME nor HOME names a folder"))
      }
      switch result {
      case .success(let secret): return secret
      case .failure(let reason):
        FileHandle.standardError.write(
          Data(
            "yaia lint: no cache (every file is read): \(VisibleText.escaped(reason.description))\n"
              .utf8))
        return nil
      }
    }

    /// What a cached run depends on besides the files: the configuration's text, and this build
    /// of the linter, both by content (see ``LintCache/key(linter:configuration:)``).
    static func cacheKey(configuration: String) -> String {
      LintCache.key(
        linter: Bundle.main.executablePath ?? CommandLine.arguments[0],
        configuration: configuration)
    }

    /// What another program said, shown as its lines: each line's control and format
    /// characters made visible (`\u{1B}`), the line breaks kept as breaks (a compiler's error
    /// spans lines, and `\u{A}` between them is unreadable).
    static func shownLines(_ text: String) -> String {
      text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        .map { VisibleText.escaped($0) }.joined(separator: "\n")
    }

    /// The package's layers, from `swift package dump-package` run on `folder` (else the
    /// current directory); its error, if it fails, is shown.
    private func readPackageLayers(in folder: String?, transitive: Bool) throws -> [LintLayer] {
      guard (1...3_600).contains(manifestTimeLimit) else {
        throw usage("--manifest-time-limit takes 1 to 3600 seconds (got \(manifestTimeLimit))")
      }
      // In a process group of its own, bounded in time: a manifest that never finishes is
      // ended with everything it started (swift-package, the compiled manifest).
      let run = BoundedProcess(
        "swift", ["package"] + (folder.map { ["--package-path", $0] } ?? []) + ["dump-package"],
        timeLimit: .seconds(manifestTimeLimit))
      let outcome: BoundedProcess.Outcome
      do {
        outcome = try run.run()
      } catch {
        throw usage(
          "cannot run swift package dump-package: \(VisibleText.escaped(error.description))")
      }
      let place = VisibleText.escaped(folder ?? "the current folder")
      guard !outcome.timedOut else {
        throw usage(
          "swift package dump-package did not finish in \(place) within \(manifestTimeLimit) s; it and what it started were ended (--manifest-time-limit allows more)"
        )
      }
      guard outcome.status == 0 else {
        let text = String(decoding: outcome.errors.suffix(2_000), as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        throw usage(
          "swift package dump-package failed in \(place) (is there a Package.swift?); it said:\n\(Self.shownLines(text))"
        )
      }
      let data = Data(outcome.output)
      do {
        return try PackageLayers.layers(fromDump: data, transitive: transitive)
      } catch {
        throw usage(VisibleText.escaped(error.description))
      }
    }

    private func usage(_ message: String) -> ExitCode {
      FileHandle.standardError.write(Data("yaia lint: \(message)\n".utf8))
      return ExitCode(2)
    }
  }
#endif
