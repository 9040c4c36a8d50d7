// Apple-only glue, not compiled on Linux: every piece of logic is in ShellBinding.swift.
#if canImport(SwiftUI)
  public import SwiftUI

  extension Binding where Value: Equatable {
    /// A SwiftUI binding over a ``ShellBinding``: it shows the view-model field and sends the
    /// edit event. SwiftUI calls it on the main thread.
    @MainActor
    public init(_ binding: ShellBinding<Value>) {
      self.init(
        get: { MainActor.assumeIsolated { binding.value } },
        set: { newValue in MainActor.assumeIsolated { binding.set(newValue) } })
    }
  }
#endif
