public import CustomDump
import Yaia

#if !(os(iOS) || os(macOS) || os(tvOS) || os(watchOS))
  // swift-custom-dump prints `Duration` readably on Apple platforms only; elsewhere a diff
  // would show its two internal integers. This prints it as people write it, `300 ms`.
  // swift-format-ignore: AvoidRetroactiveConformances
  extension Duration: @retroactive CustomDumpStringConvertible {
    /// The duration as people write it: `300 ms`, `1.5 s`.
    public var customDumpDescription: String { DurationText.format(self) }
  }
#endif
