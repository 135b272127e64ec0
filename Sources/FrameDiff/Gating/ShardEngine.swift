/// An engine that runs copies of one job and tells each its place: the variables it sets, and
/// how it counts. Read by `--shard auto`; the README's "Batch audits" lists the same table.
///
/// | engine     | index variable (base)              | count variable                |
/// |------------|------------------------------------|-------------------------------|
/// | kubernetes | JOB_COMPLETION_INDEX (0)           | FRAMEDIFF_SHARD_COUNT (1)     |
/// | gitlab     | CI_NODE_INDEX (1)                  | CI_NODE_TOTAL                 |
/// | circleci   | CIRCLE_NODE_INDEX (0)              | CIRCLE_NODE_TOTAL             |
/// | buildkite  | BUILDKITE_PARALLEL_JOB (0)         | BUILDKITE_PARALLEL_JOB_COUNT  |
/// | slurm      | SLURM_ARRAY_TASK_ID (TASK_MIN) (2) | SLURM_ARRAY_TASK_COUNT        |
///
/// (1) Kubernetes gives an Indexed Job's pods their index but not the Job's `completions`: the
/// manifest sets FRAMEDIFF_SHARD_COUNT to it. (2) Slurm ids start where `--array` starts and go
/// in its step: the shard is (ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1, and an array
/// that is no even range (`--array=1,2,9`) is refused, since some of its tasks map to no shard.
///
///     let found = try ShardEngine.engines.compactMap { try $0.choice(ProcessInfo.processInfo.environment) }
public enum ShardEngine: String, Sendable, CaseIterable {
    case kubernetes, gitlab, circleci, buildkite, slurm
    /// `--shard K/N`: no engine.
    case manual

    /// The engines `--shard auto` reads, in the order it reports them.
    public static let engines: [ShardEngine] = [.kubernetes, .gitlab, .circleci, .buildkite, .slurm]

    /// "Kubernetes Indexed Job": what the text report calls it.
    public var title: String {
        switch self {
        case .kubernetes: return "Kubernetes Indexed Job"
        case .gitlab: return "GitLab parallel"
        case .circleci: return "CircleCI parallelism"
        case .buildkite: return "Buildkite parallelism"
        case .slurm: return "Slurm job array"
        case .manual: return "--shard"
        }
    }

    public var indexVariable: String {
        switch self {
        case .kubernetes: return "JOB_COMPLETION_INDEX"
        case .gitlab: return "CI_NODE_INDEX"
        case .circleci: return "CIRCLE_NODE_INDEX"
        case .buildkite: return "BUILDKITE_PARALLEL_JOB"
        case .slurm: return "SLURM_ARRAY_TASK_ID"
        case .manual: return ""
        }
    }

    public var countVariable: String {
        switch self {
        case .kubernetes: return "FRAMEDIFF_SHARD_COUNT"
        case .gitlab: return "CI_NODE_TOTAL"
        case .circleci: return "CIRCLE_NODE_TOTAL"
        case .buildkite: return "BUILDKITE_PARALLEL_JOB_COUNT"
        case .slurm: return "SLURM_ARRAY_TASK_COUNT"
        case .manual: return ""
        }
    }

    /// Every variable this engine's shard is read from.
    public var variables: [String] {
        self == .manual ? [] : [indexVariable, countVariable]
            + (self == .slurm ? ["SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_MAX"] : [])
    }

    /// What a missing count variable usually means on this engine.
    private var noCountHint: String { self == .kubernetes ? " (set it to the Job's completions in the manifest)" : "" }
    /// What a missing index variable usually means on this engine.
    private var noIndexHint: String { self == .kubernetes ? " (is the Job's completionMode Indexed?)" : "" }

    /// The shard this engine's variables name, nil when they are not set (an empty value is not
    /// set). A count of 1 without an index is shard 1 of 1 (GitLab sets CI_NODE_TOTAL=1 on a job
    /// without `parallel:`); a lone index, a lone count above 1, a value that is not a whole
    /// number or an index outside the count is refused, naming the variable.
    func choice(_ env: [String: String]) throws -> ShardChoice? {
        func read(_ name: String) throws -> (setting: ShardChoice.Setting, value: Int)? {
            guard let text = env[name], !text.isEmpty else { return nil }
            guard let v = ShardChoice.whole(Substring(text)) else { throw ShardError.badVariable("\(name)='\(text)' is not a whole number") }
            return (ShardChoice.Setting(name: name, value: text), v)
        }
        let index = try read(indexVariable), count = try read(countVariable)
        guard index != nil || count != nil else { return nil }
        guard let count else {
            throw ShardError.badVariable("\(indexVariable)=\(index!.setting.value) is set but \(countVariable) is not\(noCountHint)")
        }
        guard (1...ShardChoice.maxCount).contains(count.value) else {
            throw ShardError.badVariable("\(countVariable)=\(count.setting.value) is not a shard count from 1 to \(ShardChoice.maxCount)")
        }
        guard let index else {
            guard count.value == 1 else {
                throw ShardError.badVariable("\(countVariable)=\(count.setting.value) is set but \(indexVariable) is not\(noIndexHint)")
            }
            return ShardChoice(index: 1, count: 1, engine: self, settings: [count.setting])
        }
        var settings = [index.setting, count.setting]
        let k0: Int  // 0-based
        let ids: String  // the index values that name a shard, as the refusal says them
        switch self {
        case .gitlab:
            k0 = index.value - 1
            ids = "1 to \(count.value)"
        case .slurm:
            let min = try read("SLURM_ARRAY_TASK_MIN"), step = try read("SLURM_ARRAY_TASK_STEP"), max = try read("SLURM_ARRAY_TASK_MAX")
            settings += [min, step, max].compactMap { $0?.setting }
            let first = min?.value ?? 0, by = step?.value ?? 1
            guard by >= 1 else { throw ShardError.badVariable("SLURM_ARRAY_TASK_STEP=\(step!.setting.value) is no step") }
            // (values of 18 digits are whole numbers too: the last id may be past Int's range)
            let (span, o1) = (count.value - 1).multipliedReportingOverflow(by: by)
            let (last, o2) = first.addingReportingOverflow(span)
            guard !o1 && !o2 else { throw ShardError.badVariable("SLURM_ARRAY_TASK_STEP=\(step!.setting.value) takes the array's ids past any job's") }
            if let max, max.value != last {
                throw ShardError.badVariable("the array is no even range (\(settings.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))): "
                                             + "some of its tasks would take no shard; give --array a range such as 0-\(count.value - 1)")
            }
            let offset = index.value - first
            k0 = offset >= 0 && offset % by == 0 ? offset / by : -1
            ids = by == 1 ? "\(first) to \(last)" : "\(first) to \(last) in steps of \(by)"
        default:
            k0 = index.value
            ids = "0 to \(count.value - 1)"
        }
        guard (0..<count.value).contains(k0) else {
            throw ShardError.badVariable("\(indexVariable)=\(index.setting.value) is out of range for \(countVariable)=\(count.setting.value) "
                                         + "(\(title): \(ids))")
        }
        return ShardChoice(index: k0 + 1, count: count.value, engine: self, settings: settings)
    }
}
