#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// How many connections a mock server can hold without running the process out of file
  /// descriptors: the soft `RLIMIT_NOFILE`, less the descriptors already open, less a reserve.
  ///
  /// Running out is worse than refusing a connection: the runtime itself needs descriptors (a
  /// timer, a thread's wake-up), and fails hard without them. So the server caps its connections
  /// below the limit and keeps ``reserve`` free for everything else in the process.
  enum DescriptorBudget {
    /// Descriptors left for the rest of the process (the runtime, logs, the manifest).
    static let reserve = 16

    /// The most connections that fit, at most `configured`, at least 1.
    static func connections(atMost configured: Int) -> Int {
      var limit = rlimit()
      guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return configured }
      // RLIM_INFINITY is all ones: clamped, it is past any real limit.
      let soft = Int(clamping: limit.rlim_cur)
      guard soft < 1 << 30 else { return configured }
      return max(1, min(configured, soft - openDescriptors(below: soft) - reserve))
    }

    /// How many descriptors the process has open, counting those below `limit` (at most 65,536
    /// are probed).
    static func openDescriptors(below limit: Int) -> Int {
      var open = 0
      for descriptor in 0..<Int32(min(limit, 65_536)) where fcntl(descriptor, F_GETFD) != -1 {
        open += 1
      }
      return open
    }
  }
#endif
