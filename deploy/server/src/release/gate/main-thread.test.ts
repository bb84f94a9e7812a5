import { MAIN_THREAD_ALLOWANCE_MS, judgeMainThread } from './main-thread';

const figure = (fromCpuTime: number, cpuShare = 0.9) => ({
  fromCpuTime,
  fromWallTime: fromCpuTime / cpuShare,
  cpuShare,
});

describe("the gate weighs a page kind's main thread against the live version's", () => {
  it('passes a page that blocks as much as live, or a little more', () => {
    expect(judgeMainThread('catalogue /rebar', figure(300), figure(300))).toBeNull();
    expect(judgeMainThread('catalogue /rebar', figure(300 + MAIN_THREAD_ALLOWANCE_MS), figure(300))).toBeNull();
  });

  it('refuses one that blocks more than the allowance over live, with the figures', () => {
    expect(judgeMainThread('catalogue /rebar/kalaf/x', figure(1500), figure(300))).toEqual({
      refusal:
        'main thread: catalogue /rebar/kalaf/x blocks the main thread 1500 ms at 4× CPU, 1200 ms more than the live version\'s 300 ms (400 ms allowed); find the long task in the browser\'s performance panel (4× CPU), or deploy with --force "<reason>"',
    });
  });

  it('says, and does not refuse, when the renderer had too little of a core to judge', () => {
    expect(judgeMainThread('blog /blog', figure(1500, 0.15), figure(300))).toEqual({
      note: 'main thread: blog /blog not judged: the machine was too busy (the renderer had 15 % of a core)',
    });
    expect(judgeMainThread('blog /blog', figure(1500), figure(300, 0.1))?.refusal).toBeUndefined();
  });
});
