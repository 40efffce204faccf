/// Runs every job on the calling thread, so that a benchmark is one thread (valgrind
/// cannot follow the global executor's threads in these binaries) and no scheduling noise
/// enters the measurement: start a task with `executorPreference:` it, then `drain()`.
public final class InlineExecutor: TaskExecutor, @unchecked Sendable {
    private var jobs: [UnownedJob] = []

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        jobs.append(UnownedJob(job))
    }

    /// Runs jobs until none is left.
    public func drain() {
        while !jobs.isEmpty {
            jobs.removeFirst().runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
