// The emission clock of SPEC §3, line for line the same arithmetic as
// Sources/Plume/Simulation/EmissionClock.swift, in double precision and `precise`, so a birth that
// falls exactly on a frame time is found in the same frame as on the CPU.
// The clock's "processed until" time is implicit: the particle's age at the previous update (0 for
// a particle born in this update).

struct Births {
    uint firstSerial;
    double count;
    double skipped;
    double firstCrossing;
    double segStart;
    double clockAtStart;
    double rate;
    double inverseRate;
    double until;         // the age advanced to: no birth lies after it (rounding at large times)
};

// ClockParams is declared in Shaders/plume.contract (generated into plume_contract.glsl).

// Stops the clock (the next start begins a fresh segment at 0); serials keep counting, as in
// EmissionClock.reset().
void plume_clock_reset(inout Clock c) {
    c.segStart = 0.0lf;
    c.clockAtStart = 0.0lf;
    c.crossings = CLOCK_IDLE;
}

double plume_clock_value(Clock c, double rate, double t) {
    precise double v = c.clockAtStart + rate * (t - c.segStart);
    return v;
}

double plume_clock_time(Clock c, double inverseRate, double k) {
    precise double t = c.segStart + (k - c.clockAtStart) * inverseRate;
    return t;
}

// Advances `c` from parent age t0 to t1 (deadline: the parent's lifetime) and returns the births.
Births plume_clock_advance(inout Clock c, ClockParams P, double t0, double t1, double deadline) {
    Births none = Births(1u, 0.0lf, 0.0lf, 0.0lf, 0.0lf, 0.0lf, 1.0lf, 1.0lf, 0.0lf);
    if (!(t1 > t0)) return none;
    if (!(P.rate > 0.0lf) || !(P.windowStart < P.windowEnd)) { plume_clock_reset(c); return none; }
    bool running = c.crossings != CLOCK_IDLE;
    if (running && t0 >= P.windowEnd) { plume_clock_reset(c); running = false; }
    double startCandidate;
    if (running) {
        if (P.rateChanged != 0.0lf) {
            c.clockAtStart = plume_clock_value(c, P.prevRate, t0);
            c.segStart = t0;
        }
        startCandidate = t0;
    } else {
        startCandidate = max(P.windowStart, t0);
    }
    double stop = min(P.windowEnd, deadline);
    if (!(startCandidate <= t1) || !(startCandidate < stop)) {
        if (P.windowEnd <= t1) plume_clock_reset(c);
        return none;
    }
    if (!running) {
        c.segStart = startCandidate;
        c.clockAtStart = 0.0lf;
        c.crossings = 0u;
    }
    double crossings = double(c.crossings);
    double last = floor(plume_clock_value(c, P.rate, t1));
    if (stop <= t1) {
        double k = min(last, ceil(plume_clock_value(c, P.rate, stop)));
        while (k > crossings && plume_clock_time(c, P.inverseRate, k) >= stop) k -= 1.0lf;
        last = k;
    }
    double first = crossings + 1.0lf;
    double skipped = 0.0lf;
    precise double behind = t1 - max(c.segStart, t0);
    if (behind > P.maxLifetime && last - first + 1.0lf > 32.0lf) {
        double firstKept = max(first, ceil(plume_clock_value(c, P.rate, t1 - P.maxLifetime)));
        skipped = min(firstKept, last + 1.0lf) - first;
        first = firstKept;
    }
    double count = max(0.0lf, last - first + 1.0lf);
    Births b = Births(c.lastSerial + 1u + uint(skipped), count, max(0.0lf, skipped), first,
                      c.segStart, c.clockAtStart, P.rate, P.inverseRate, t1);
    double consumed = count + max(0.0lf, skipped);
    c.crossings = uint(crossings + consumed);
    c.lastSerial = c.lastSerial + uint(min(consumed, 4294967295.0lf));
    if (P.windowEnd <= t1) plume_clock_reset(c);
    return b;
}

// Exact birth time (parent age) of the i-th birth.
double plume_birth_time(Births b, double i) {
    precise double t = b.segStart + (b.firstCrossing + i - b.clockAtStart) * b.inverseRate;
    return min(t, b.until);
}
