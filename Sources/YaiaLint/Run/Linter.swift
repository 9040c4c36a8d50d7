#if Lint  // the trait; without it, TraitRequirement.swift names it
  import Dispatch
  import Foundation
  import SwiftParser
  import SwiftSyntax
  import Yaia

  /// A Swift source to lint: its path (as reported) and its text.
  public struct LintSource: Sendable {
    /// The path, as findings report it.
    public var path: String
    /// The text.
    public var text: String

    /// A source.
    public init(path: String, text: String) {
      self.path = path
      self.text = text
    }

    /// The module of a path like `Sources/<Module>/…` or `Tests/<Module>/…`.
    var module: String? {
      let parts = path.split(separator: "/").map(String.init)
      guard let root = parts.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }),
        root + 2 < parts.count
      else { return nil }
      return parts[root + 1]
    }
  }

  /// What a run found: the findings (sorted by place), the files it could not lint, and how much
  /// it read.
  public struct LintReport: Sendable {
    /// The findings, by path, line and column.
    public var findings: [LintFinding]
    /// Files that could not be linted, and why.
    public var problems: [LintProblem]
    /// How many files were linted.
    public var fileCount: Int
    /// How many lines they held.
    public var lineCount: Int
    /// The folder paths are relative to (the configuration file's), when the run knows it:
    /// SARIF names it as the base of its URIs.
    public var root: String?
    /// How many times a file was parsed: once for each file the cache did not know, and again
    /// for one whose tree the second pass needed but the first did not keep. With a cache, the
    /// work a run did, against ``fileCount``.
    public var parseCount = 0
    /// What the run did not enter for its name (``LintConfiguration/skipped``): named in the
    /// summary, and in SARIF as notifications, so nothing is left out in silence.
    public var skipped = LintFiles.Skipped()

    /// Whether a finding is at error level.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }
    /// The Swift files left unchecked: they do not parse, the parser cannot read them safely, or
    /// they are not text.
    public var unlintedFiles: [LintProblem] { problems.filter(\.isUnparsed) }

    /// Whether the run fails under `configuration`: a finding at error level, or a file left
    /// unchecked unless the configuration accepts that.
    public func fails(under configuration: LintConfiguration) -> Bool {
      hasErrors || (configuration.failsOnUnlintedFiles && !unlintedFiles.isEmpty)
    }
  }

  /// Runs rules over sources: parses every file (on all cores), indexes what they declare, runs
  /// each enabled rule on each file, and applies severities and in-code suppressions.
  ///
  /// ```swift
  /// let report = Linter(rules: LintRules.all, configuration: configuration).run(sources)
  /// ```
  public struct Linter: Sendable {
    /// The rules that may run.
    public var rules: [any LintRule]
    /// What the team decided about them.
    public var configuration: LintConfiguration

    /// The longest one file may take (parsing it, or running the rules on it): past it, the
    /// file is reported as not linted and the run goes on without it. 60 seconds by default;
    /// real files take milliseconds.
    public var fileTimeLimit: Duration = .seconds(60)

    /// The id of findings about suppression comments themselves.
    public static let suppressionRuleID = "suppression"

    /// A linter.
    public init(rules: [any LintRule], configuration: LintConfiguration = LintConfiguration()) {
      self.rules = rules
      self.configuration = configuration
    }

    /// Lints `sources`.
    public func run(_ sources: [LintSource]) -> LintReport {
      run(sources, cache: nil, hashing: false).report
    }

    /// Lints `sources`, reading again only the files whose text is not in `cache` (see
    /// ``LintCache``); returns the report and the cache for the next run.
    public func run(_ sources: [LintSource], cache: LintCache?) -> (
      report: LintReport, cache: LintCache
    ) {
      run(sources, cache: cache, hashing: true)
    }

    /// Lints `sources`; without `hashing`, no file's text is hashed (a run whose cache nobody
    /// keeps), and the cache returned matches no text.
    private func run(_ sources: [LintSource], cache: LintCache?, hashing: Bool) -> (
      report: LintReport, cache: LintCache
    ) {
      let kept = sources.filter { !configuration.isExcluded($0.path) }
      let active = rules.filter { configuration.isEnabled($0) }
      let local = active.filter { !$0.readsOtherFiles }
      let global = active.filter(\.readsOtherFiles)
      // The trees the second pass will read are kept from the first; the others are let go at
      // once (see FileSelectingRule), unless a rule cannot say which files it reads.
      let selecting = global.compactMap { $0 as? any FileSelectingRule }
      let keepsEveryTree = selecting.count < global.count
      // Rules that find candidates in the first pass keep no tree at all (see DeferringRule);
      // when every tree is kept anyway, they are simply checked in the second.
      let deferring = keepsEveryTree ? [] : global.compactMap { $0 as? any DeferringRule }
      let keeping = selecting.filter { !($0 is any DeferringRule) }
      let previous = cache?.files ?? [:]
      // Parse, gather facts and run the rules that need no other file, on all cores, each file
      // while its tree is fresh in the caches; a file the cache knows is not parsed.
      let limit = fileTimeLimit
      let tooSlow: @Sendable (LintSource) -> Parsed = { source in
        Parsed(
          source: source, hash: hashing ? LintCache.digest(of: source.text) : "", file: nil,
          facts: nil,
          suppressions: nil, lines: LineTable(source.text).count, findings: [],
          problem: LintProblem(
            path: source.path,
            message:
              "took longer than \(DurationText.format(limit)) to lint; not linted (if it is generated, exclude it)",
            isUnparsed: true))
      }
      let parsed = concurrentMap(kept, timeLimit: limit, timedOut: tooSlow) { source -> Parsed in
        let hash = hashing ? LintCache.digest(of: source.text) : ""
        if let entry = previous[source.path], entry.hash == hash {
          return Parsed(
            source: source, hash: hash, file: nil, facts: entry.facts, suppressions: nil,
            lines: entry.lines, findings: entry.local, problem: entry.problem,
            cachedGlobal: entry.global, deferredRules: entry.deferredRules,
            deferred: entry.deferred)
        }
        var parsed = parse(source, hash: hash, local: local)
        guard !keepsEveryTree, let file = parsed.file, let facts = parsed.facts,
          let suppressions = parsed.suppressions
        else { return parsed }
        let probably = { (rule: any FileSelectingRule) in
          rule.probablyReads(facts, text: source.text, configuration: configuration)
        }
        for rule in deferring where probably(rule) {
          parsed.deferredRules.append(rule.id)
          parsed.deferred += candidatesOf(file, rule: rule, suppressions: suppressions)
        }
        if !keeping.contains(where: probably) {
          parsed.file = nil  // no rule of the second pass will probably read its tree
        }
        return parsed
      }
      // The findings of rules that read other files can be reused only if no file's facts
      // changed: then the index is the one they were found with.
      let factsUnchanged =
        cache != nil && previous.count == parsed.count
        && parsed.allSatisfy { previous[$0.source.path]?.facts == $0.facts }
      let index = LintIndex(parsed.compactMap(\.facts))
      let tooSlowToCheck: @Sendable (Parsed) -> Parsed = { tooSlow($0.source) }
      let checked = concurrentMap(parsed, timeLimit: limit, timedOut: tooSlowToCheck) {
        parsed -> Parsed in
        var parsed = parsed
        guard parsed.problem == nil, !global.isEmpty else {
          parsed.global = []
          return parsed
        }
        if let cached = parsed.cachedGlobal, factsUnchanged {
          parsed.global = cached
          return parsed
        }
        // The rules that may find something here: all of them when one cannot say.
        let rules =
          keepsEveryTree
          ? global
          : global.filter { rule in
            guard let facts = parsed.facts, let selecting = rule as? any FileSelectingRule else {
              return true
            }
            return selecting.reads(
              facts, text: parsed.source.text, index: index, configuration: configuration)
          }
        // The candidates the first pass found are decided by the index; the other rules read
        // the tree, kept or parsed again.
        let decided = parsed.deferred.filter { candidate in
          rules.contains { $0.id == candidate.finding.ruleID }
            && candidate.condition.holds(in: index)
        }.map(\.finding)
        let direct = rules.filter { !parsed.deferredRules.contains($0.id) }
        guard !direct.isEmpty else {
          parsed.global = decided
          parsed.file = nil
          return parsed
        }
        if parsed.file == nil {
          // Parsed again: what it knew from the first pass or the cache is the same.
          let before = parsed
          parsed = parse(parsed.source, hash: parsed.hash, local: local)
          parsed.parses += before.parses
          parsed.deferredRules = before.deferredRules
          parsed.deferred = before.deferred
        }
        guard let file = parsed.file, let suppressions = parsed.suppressions else { return parsed }
        parsed.global =
          decided + findingsOf(file, rules: direct, index: index, suppressions: suppressions)
        parsed.file = nil  // the trees are not kept past their file's turn
        return parsed
      }
      var next = LintCache(key: cache?.key ?? "")
      for file in checked {
        next.files[file.source.path] = LintCache.Entry(
          hash: file.hash, lines: file.lines, facts: file.facts, local: file.findings,
          global: file.global, problem: file.problem, deferredRules: file.deferredRules,
          deferred: file.deferred)
      }
      let report = LintReport(
        // In one order whatever the threads and passes did: place, rule, then message.
        findings: checked.flatMap { $0.findings + $0.global }.sorted {
          ($0.location, $0.ruleID, $0.message) < ($1.location, $1.ruleID, $1.message)
        },
        problems: checked.compactMap(\.problem) + unmatchedLayerPaths(in: kept),
        fileCount: checked.count - checked.filter { $0.problem != nil }.count,
        lineCount: checked.reduce(0) { $0 + $1.lines },
        parseCount: checked.reduce(0) { $0 + $1.parses })
      return (report, next)
    }

    /// A warning for each layer path that matches none of `sources`: a layer that quietly gets
    /// no files is never checked.
    private func unmatchedLayerPaths(in sources: [LintSource]) -> [LintProblem] {
      configuration.layers.flatMap { layer in
        layer.paths.filter { pattern in
          let glob = Glob(pattern)
          return !sources.contains { glob.matches($0.path) }
        }.map {
          LintProblem(
            path: $0,
            message:
              "(a path of layer '\(layer.name)') matched no file in the paths linted: the layer gets no file from it",
            pattern: $0)
        }
      }
    }

    /// Parses `source`, gathers its facts and runs the `local` rules on it.
    private func parse(_ source: LintSource, hash: String, local: [any LintRule]) -> Parsed {
      if let refusal = ParseGuard.refusal(source.text) {
        return Parsed(
          source: source, hash: hash, file: nil, facts: nil, suppressions: nil,
          lines: LineTable(source.text).count, findings: [],
          problem: LintProblem(path: source.path, message: refusal, isUnparsed: true))
      }
      // The guard above bounds the nesting, so the parser's own bound (20 levels in a debug
      // build of swift-syntax, which real files pass) is set just past it; the threads' large
      // stacks hold that depth.
      var text = source.text
      let tree = text.withUTF8 {
        // The parser copies the bytes into its own arena, as it does for a String.
        Parser.parse(source: $0, maximumNestingLevel: ParseGuard.maxNesting + 1)
      }
      let table = LineTable(source.text)
      if tree.hasError {
        return Parsed(
          source: source, hash: hash, file: nil, facts: nil, suppressions: nil,
          lines: table.count, findings: [],
          problem: LintProblem(
            path: source.path, message: Self.parseFailure(tree, table), isUnparsed: true),
          parses: 1)
      }
      let file = LintedFile(
        path: source.path, module: source.module, tree: tree, text: source.text, lines: table,
        nodes: FileNodes(tree))
      let suppressions = Suppressions(file)
      return Parsed(
        source: source, hash: hash, file: file,
        facts: FileFacts(path: source.path, module: source.module, tree: tree),
        suppressions: suppressions, lines: table.count,
        findings: suppressionFindings(file, suppressions)
          + findingsOf(file, rules: local, index: nil, suppressions: suppressions),
        problem: nil, parses: 1)
    }

    private struct Parsed: Sendable {
      var source: LintSource
      var hash: String
      var file: LintedFile?
      var facts: FileFacts?
      var suppressions: Suppressions?
      var lines: Int
      /// The findings of the rules that need no other file (and of suppression comments).
      var findings: [LintFinding]
      var problem: LintProblem?
      /// The findings of the rules that read other files, from the cache.
      var cachedGlobal: [LintFinding]? = nil
      /// The findings of the rules that read other files, this run.
      var global: [LintFinding] = []
      /// The rules whose candidates the first pass found (see ``DeferringRule``), and the
      /// candidates: the second pass asks the index, and needs no tree for them.
      var deferredRules: [String] = []
      var deferred: [DeferredFinding] = []
      /// How many times the file was parsed in this run.
      var parses = 0
    }

    /// Findings about the suppression comments themselves (one without a reason).
    private func suppressionFindings(_ file: LintedFile, _ suppressions: Suppressions)
      -> [LintFinding]
    {
      suppressions.problems.map { problem in
        LintFinding(
          ruleID: Self.suppressionRuleID, severity: .error, message: problem.message,
          location: location(file, problem.position),
          fix: "Write why after the rule id: // yaia-lint:disable:next RULE-ID because …")
      }
    }

    /// The findings of `rules` in `file`; `index` is `nil` for rules that read no other file.
    private func findingsOf(
      _ file: LintedFile, rules: [any LintRule], index: LintIndex?, suppressions: Suppressions
    ) -> [LintFinding] {
      rules.flatMap { rule in
        let context = LintContext(
          index: index ?? .empty, configuration: configuration, ruleID: rule.id)
        return rule.check(file, context).compactMap {
          finding(of: rule, $0, in: file, suppressions: suppressions)
        }
      }
    }

    /// The candidates of `rule` in `file` (see ``DeferringRule``), each made a finding that
    /// waits on its condition.
    private func candidatesOf(
      _ file: LintedFile, rule: any DeferringRule, suppressions: Suppressions
    ) -> [DeferredFinding] {
      let context = LintContext(index: .empty, configuration: configuration, ruleID: rule.id)
      return rule.candidates(file, context).compactMap { candidate in
        finding(of: rule, candidate.finding, in: file, suppressions: suppressions).map {
          DeferredFinding(finding: $0, condition: candidate.condition)
        }
      }
    }

    /// `found` as `rule`'s finding in `file`, with its place and severity; `nil` where a
    /// comment suppresses it.
    private func finding(
      of rule: any LintRule, _ found: RuleFinding, in file: LintedFile, suppressions: Suppressions
    ) -> LintFinding? {
      let place = location(file, found.position)
      guard !suppressions.covers(rule.id, line: place.line) else { return nil }
      return LintFinding(
        ruleID: rule.id,
        severity: configuration.settings(for: rule.id).severity ?? rule.defaultSeverity,
        message: found.message, location: place, fix: rule.fix)
    }

    private func location(_ file: LintedFile, _ position: AbsolutePosition) -> LintLocation {
      let place = file.lines.location(of: position)
      return LintLocation(path: file.path, line: place.line, column: place.column)
    }

    /// What the parser found wrong first, and on which line: `does not parse (line 22:
    /// expected `)`); not linted`.
    ///
    /// Read from the tree itself: the first token the parser had to invent (missing) or could
    /// not place (in unexpected nodes). swift-syntax's own diagnostics generator stops the
    /// process on some inputs (fuzzing found one: a Fix-It with no change), so it is not used.
    static func parseFailure(_ tree: SourceFileSyntax, _ lines: LineTable) -> String {
      for token in tree.tokens(viewMode: .all) {
        let problem: String
        if token.presence == .missing {
          problem = token.text.isEmpty ? "expected a name" : "expected `\(token.text)`"
        } else if isUnexpected(token) {
          problem = "unexpected `\(token.text)`"
        } else {
          continue
        }
        let line = lines.location(of: token.positionAfterSkippingLeadingTrivia).line
        return
          "does not parse (line \(line): \(VisibleText.escaped(problem, atMost: 80))); not linted"
      }
      return "does not parse; not linted"
    }

    /// Whether `token` is in nodes the parser could not place.
    private static func isUnexpected(_ token: TokenSyntax) -> Bool {
      var node = token.parent
      while let current = node {
        if current.is(UnexpectedNodesSyntax.self) { return true }
        node = current.parent
      }
      return false
    }
  }

  /// `transform` of each element, on all cores, in order: one thread per core, each with a
  /// stack of ``workerStackBytes`` (a dispatch worker's 512 KiB holds about 20 levels of a
  /// debug build's parser, and real files nest deeper).
  ///
  /// An element whose transform runs longer than `timeLimit` is given up: its result is
  /// `timedOut(element)`, and the map returns without waiting for it (its thread goes on until
  /// it ends, or the process does). The parser cannot be stopped from outside, so this is how
  /// one file never holds up a run. A thread held by an element given up is replaced by a new
  /// one, so the elements not yet started still start when as many are slow as there are
  /// cores; at most ``mostReplacements`` times the cores are replaced, and past that the
  /// elements not started are given up too, so the map ends within a bound whatever the
  /// elements.
  package func concurrentMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element], timeLimit: Duration? = nil,
    timedOut: (@Sendable (Element) -> Result)? = nil,
    _ transform: @escaping @Sendable (Element) -> Result
  ) -> [Result] {
    guard !elements.isEmpty else { return [] }
    let clock = ContinuousClock()
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, elements.count))
    let state = Locked(MapProgress<Result>(slots: Array(repeating: nil, count: elements.count)))
    // Signalled each time an element is finished.
    let changed = DispatchSemaphore(value: 0)
    let startWorker = {
      let thread = Thread {
        while true {
          let index: Int? = state.withLock { progress in
            guard progress.next < elements.count else { return nil }
            defer { progress.next += 1 }
            progress.running[progress.next] = clock.now
            return progress.next
          }
          guard let index else { break }
          let result = transform(elements[index])
          state.withLock { progress in
            progress.running[index] = nil
            guard !progress.abandoned.contains(index) else { return }
            progress.slots[index] = result
            progress.done += 1
          }
          changed.signal()
        }
      }
      thread.stackSize = workerStackBytes
      thread.start()
    }
    for _ in 0..<workers { startWorker() }
    var replacements = 0
    while true {
      // The earliest moment a running element passes its limit, if there is a limit.
      let (finished, deadline, givenUp): (Bool, ContinuousClock.Instant?, Int) = state.withLock {
        progress in
        if progress.done + progress.abandoned.count == elements.count { return (true, nil, 0) }
        guard let timeLimit, let timedOut else { return (false, nil, 0) }
        let now = clock.now
        var earliest: ContinuousClock.Instant?
        var givenUp = 0
        // Only the elements running now: at most one a thread, so each look is short however
        // many elements there are (scanning them all made a run of n files O(n²)).
        for (index, start) in progress.running {
          if start.duration(to: now) >= timeLimit {
            progress.running[index] = nil
            progress.abandoned.insert(index)
            progress.slots[index] = timedOut(elements[index])
            givenUp += 1
          } else {
            earliest = min(earliest ?? start + timeLimit, start + timeLimit)
          }
        }
        if givenUp > 0, replacements + givenUp > mostReplacements * workers {
          // Too many threads held already: what has not started is given up as well.
          for index in progress.next..<elements.count {
            progress.abandoned.insert(index)
            progress.slots[index] = timedOut(elements[index])
          }
          progress.next = elements.count
        }
        // With nothing running yet (the threads have not taken their first elements), look
        // again a time limit from now: an element taken then and stuck signals nothing.
        return (
          progress.done + progress.abandoned.count == elements.count,
          earliest ?? now.advanced(by: timeLimit), givenUp
        )
      }
      // Each thread held by an element given up is replaced while the bound allows.
      for _ in 0..<min(givenUp, max(0, mostReplacements * workers - replacements)) {
        replacements += 1
        startWorker()
      }
      if finished { break }
      if let deadline {
        // A real clock: the next moment a running element can pass its limit.
        let wait = clock.now.duration(to: deadline)
        let (seconds, attoseconds) = wait.components
        let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        _ = changed.wait(timeout: .now() + .nanoseconds(nanoseconds + 1_000_000))
      } else {
        changed.wait()
      }
    }
    return state.withLock { $0.slots.compactMap { $0 } }
  }

  /// How many threads per core ``concurrentMap(_:timeLimit:timedOut:_:)`` starts to replace
  /// ones held by elements given up: 4.
  package let mostReplacements = 4

  /// Where a ``concurrentMap(_:timeLimit:timedOut:_:)`` stands: the next element to take, the
  /// results so far, when each running element started, and the ones given up.
  struct MapProgress<Result: Sendable>: Sendable {
    var next = 0
    var slots: [Result?]
    /// The elements running now, and when each started.
    var running: [Int: ContinuousClock.Instant] = [:]
    var abandoned: Set<Int> = []
    var done = 0
  }

  /// The stack of each linting thread: 64 MiB of address space, used only as deep as a file
  /// nests (``ParseGuard/maxNesting`` bounds it).
  let workerStackBytes = 64 << 20
#endif
