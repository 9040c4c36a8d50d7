// `yaia-fuzz`: the fuzz targets of YaiaFuzzTargets, under libFuzzer or replayed from files.
//
// Built plainly (`swift build --product yaia-fuzz`) it replays inputs: `yaia-fuzz TARGET
// FILE|FOLDER...` runs each file through the target and says which broke it. Built for
// libFuzzer (`.ci/fuzz.sh`, which adds `--sanitize=fuzzer -Xswiftc -DYAIA_LIBFUZZER`), the
// process is libFuzzer's: the target is named by `YAIA_FUZZ_TARGET`, and every libFuzzer
// flag works (`-max_total_time=30 Fuzz/Corpus/mock-manifest`). See Fuzz/README.md.

import Foundation
import YaiaFuzzTargets

#if YAIA_LIBFUZZER
  /// The target this process fuzzes, chosen once from `YAIA_FUZZ_TARGET`.
  nonisolated(unsafe) private var fuzzed: FuzzTarget?

  /// libFuzzer's start: names the target or stops with the list of targets.
  @_cdecl("LLVMFuzzerInitialize")
  public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
  ) -> Int32 {
    let name = ProcessInfo.processInfo.environment["YAIA_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
      FileHandle.standardError.write(
        Data(
          "yaia-fuzz: set YAIA_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n"
            .utf8))
      exit(2)
    }
    fuzzed = target
    return 0
  }

  /// libFuzzer's call per input: a violation ends the run, and libFuzzer keeps the input.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = fuzzed else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
      try target.run(bytes)
    } catch {
      // proven: compiled only into the libFuzzer build (`YAIA_LIBFUZZER`), never into a
      // library or a tool a user runs; reached only when a fuzz target's property fails, and
      // the crash is how libFuzzer learns that this input broke a rule and keeps it.
      fatalError("\(target.name): \(error.description)")
    }
    return 0
  }
#else
  @main
  struct YaiaFuzz {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, let target = FuzzTarget.named(name) else {
        print("usage: yaia-fuzz TARGET FILE|FOLDER...   (replays inputs through a fuzz target)")
        print("targets:")
        for target in FuzzTarget.all { print("  \(target.name)  \(target.summary)") }
        exit(arguments.isEmpty ? 0 : 2)
      }
      var runs = 0
      var broken = 0
      for file in FuzzInputs.files(in: arguments.dropFirst().map { URL(fileURLWithPath: $0) }) {
        runs += 1
        guard let data = try? Data(contentsOf: file) else {
          print("\(file.path): cannot be read")
          broken += 1
          continue
        }
        do {
          try target.run(Array(data))
        } catch {
          print("\(file.path): \(error.description)")
          broken += 1
        }
      }
      print("\(target.name): \(runs) inputs, \(broken) broke a rule")
      exit(broken == 0 ? 0 : 1)
    }
  }
#endif
