<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ActionMenu</name>
    <message>
        <location filename="../ui/shell/actionmenu.cpp" line="+25"/>
        <location line="+13"/>
        <source>%1 (not now: %2)</source>
        <translation>%1（目前不可用：%2）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kill broker %1</source>
        <translation>终止代理节点 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power off broker %1 (host down, silent)</source>
        <translation>让代理节点 %1 断电（主机停机，无声无息）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restart broker %1</source>
        <translation>重启代理节点 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart broker %1, losing its last unflushed record</source>
        <translation>重启代理节点 %1，丢失最后一条未刷盘的记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shut down broker %1 (controlled)</source>
        <translation>关闭代理节点 %1（受控关闭）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Isolate broker %1</source>
        <translation>隔离代理节点 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heal broker %1</source>
        <translation>恢复代理节点 %1 的网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slow broker %1&apos;s links</source>
        <translation>放慢代理节点 %1 的连接</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Normal latency</source>
        <translation>正常延迟</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Partition %1</source>
        <translation>分区 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kill the leader of %1</source>
        <translation>终止 %1 的领导者副本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Elect the preferred leader (broker %1)</source>
        <translation>选举优先领导者（代理节点 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election for %1 (ElectLeaders)</source>
        <translation>对 %1 进行非干净选举（ElectLeaders）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Produce &quot;m%1&quot; to %2 (producer %3)</source>
        <translation>将“m%1”发送到 %2（生产者 %3）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show %1 in the partition view</source>
        <translation>在分区视图中显示 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Consumer %1</source>
        <translation>消费者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start %1</source>
        <translation>启动 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add %1 to its group</source>
        <translation>将 %1 加入其消费者组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop %1</source>
        <translation>停止 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove %1 from its group</source>
        <translation>将 %1 移出其消费者组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Crash %1</source>
        <translation>让 %1 崩溃</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Poll %1</source>
        <translation>%1 拉取（poll）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Commit %1&apos;s positions</source>
        <translation>提交 %1 的消费位置</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let the followers catch up</source>
        <translation>让跟随者副本追上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Advance the clock %1 ms</source>
        <translation>时钟前进 %1 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min.insync.replicas</source>
        <translation>min.insync.replicas</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Disable unclean leader election</source>
        <translation>禁用非干净领导者选举（unclean）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enable unclean leader election</source>
        <translation>启用非干净领导者选举（unclean）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Follower on broker %1</source>
        <translation>代理节点 %1 上的跟随者副本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run one fetch round of this follower</source>
        <translation>让这个跟随者副本执行一轮 Fetch</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Produce &quot;m%1&quot; to %2</source>
        <translation>将“m%1”发送到 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Group %1</source>
        <translation>消费者组 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add a consumer to this group…</source>
        <translation>添加消费者到这个消费者组…</translation>
    </message>
</context>
<context>
    <name>AggregateItem</name>
    <message>
        <location filename="../ui/scene/aggregateitem.cpp" line="+74"/>
        <source>healthy</source>
        <translation>健康</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under-replicated</source>
        <translation>副本不足</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>at min ISR</source>
        <translation>ISR 恰为最小值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under min ISR</source>
        <translation>ISR 低于最小值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>NO ANSWER</source>
        <extracomment>An observed broker that did not answer this poll&apos;s requests (the cluster still lists it).</extracomment>
        <translation>无响应</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GONE</source>
        <extracomment>An observed broker the cluster no longer lists (it left, or was unregistered).</extracomment>
        <translation>已离开</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+57"/>
        <location line="+76"/>
        <source>leaders: %1</source>
        <translation>领导者：%1</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+60"/>
        <location line="+76"/>
        <source>followers: %1</source>
        <translation>跟随者：%1</translation>
    </message>
    <message numerus="yes">
        <location line="-135"/>
        <location line="+64"/>
        <source>%n topic(s) ›</source>
        <extracomment>The end of a broker&apos;s card in the large cluster view: how many topics it holds; clicking opens them.</extracomment>
        <translation>
            <numerusform>%n 个主题 ›</numerusform>
        </translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="+43"/>
        <location line="+68"/>
        <source>offline: %1</source>
        <translation>离线：%1</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+68"/>
        <source>under min ISR: %1</source>
        <translation>ISR 低于最小值：%1</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+68"/>
        <source>at min ISR: %1</source>
        <translation>ISR 恰为最小值：%1</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+68"/>
        <source>under-replicated: %1</source>
        <translation>副本不足：%1</translation>
    </message>
    <message numerus="yes">
        <location line="-48"/>
        <location line="+61"/>
        <source>all %n healthy</source>
        <translation>
            <numerusform>全部 %n 个健康</numerusform>
        </translation>
    </message>
    <message>
        <location line="-60"/>
        <source>healthy: %1</source>
        <translation>健康：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>offsets ?: %1</source>
        <translation>偏移量 ?：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>HW &gt; LEO: %1</source>
        <translation>HW &gt; LEO：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>%n partition(s) here</source>
        <translation>
            <numerusform>此处 %n 个分区</numerusform>
        </translation>
    </message>
    <message>
        <location line="+51"/>
        <source>no leader</source>
        <translation>没有领导者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leader %1 (epoch %2)</source>
        <translation>领导者 %1（纪元 %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ISR %1</source>
        <translation>ISR %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ELR %1</source>
        <translation>ELR %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last known ELR %1</source>
        <translation>最后已知 ELR %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>here: LEO %1 · HW %2</source>
        <translation>此处：LEO %1 · HW %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>HW &gt; LEO</source>
        <translation>HW &gt; LEO</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Click a row or press Up/Down and Enter to open it; Esc or Backspace goes back.</source>
        <extracomment>The large cluster view&apos;s keys, under its breadcrumb.</extracomment>
        <translation>点一行，或按上/下键再按 Enter 打开；Esc 或 Backspace 返回上一层。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a broker or press Up/Down and Enter to open it: its topics, then their partitions.</source>
        <translation>点一个代理节点，或按上/下键再按 Enter 打开：先是它的主题，再是主题的分区。</translation>
    </message>
</context>
<context>
    <name>AggregateLayout</name>
    <message numerus="yes">
        <location filename="../ui/scene/aggregatelayout.cpp" line="+35"/>
        <source>%n broker(s)</source>
        <translation>
            <numerusform>%n 个代理节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n topic(s)</source>
        <translation>
            <numerusform>%n 个主题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n partition(s)</source>
        <translation>
            <numerusform>%n 个分区</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Observed cluster %1</source>
        <extracomment>The large cluster view&apos;s heading for a real cluster: its cluster id (%1), then its size.</extracomment>
        <translation>观察中的集群 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>observed every %1 ms · this poll took %2 ms</source>
        <translation>每 %1 毫秒观察一次 · 这次轮询用了 %2 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STRETCHED: the poll outlasted the interval</source>
        <translation>已延长：轮询超过了间隔</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fencing not known (Kafka before 4.0)</source>
        <translation>屏蔽状态未知（Kafka 4.0 之前）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka %1 cluster</source>
        <translation>Kafka %1 集群</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>All brokers</source>
        <extracomment>The first crumb of the large cluster view&apos;s breadcrumb: the cards of every broker.</extracomment>
        <translation>所有代理节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <location filename="../ui/control/autosave.cpp" line="+44"/>
        <source>&quot;%1&quot; is not a whole number of at least %2</source>
        <translation>“%1”不是不小于 %2 的整数</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>the session has %1 operations, fewer than the %2 of the scenario&apos;s own run</source>
        <translation>会话只有 %1 个操作，少于场景本身运行的 %2 个</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>not a complete autosave (%1 at byte %2)</source>
        <translation>不是完整的自动保存文件（第 %2 字节：%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not an autosave: expected a JSON object</source>
        <translation>不是自动保存文件：应为 JSON 对象</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;format&quot; is not %1</source>
        <translation>“format”不是 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>frame %1 and %2 scripted frames do not fit in %3 frames</source>
        <translation>第 %1 帧与 %2 个脚本帧超出了 %3 帧</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&quot;%1&quot; is missing</source>
        <translation>缺少“%1”</translation>
    </message>
</context>
<context>
    <name>BrokerItem</name>
    <message>
        <location filename="../ui/scene/brokeritem.cpp" line="+44"/>
        <location line="+83"/>
        <source>Broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="-97"/>
        <source>slowed: %1 ms</source>
        <translation>已放慢：%1 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shutting down</source>
        <translation>正在关闭</translation>
    </message>
</context>
<context>
    <name>BrokerStatus</name>
    <message>
        <location filename="../ui/scene/clusterfacts.cpp" line="+45"/>
        <source>ONLINE</source>
        <translation>在线</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OFFLINE</source>
        <translation>离线</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISOLATED</source>
        <translation>网络隔离</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FENCED</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>empty</source>
        <extracomment>An empty set of brokers (&quot;ISR empty&quot;), where &quot;{}&quot; would look like a fault of the drawing.</extracomment>
        <translation>空</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>RECOVERING</source>
        <translation>RECOVERING</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>RECOVERED</source>
        <translation>RECOVERED</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>truncated at election</source>
        <translation>选举后截断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unclean election</source>
        <translation>非干净选举</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>high-watermark truncation</source>
        <translation>截断到高水位</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unflushed</source>
        <translation>未刷入磁盘</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>election</source>
        <comment>ghost cell</comment>
        <translation>选举</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unclean</source>
        <comment>ghost cell</comment>
        <translation>非干净</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HW trunc.</source>
        <comment>ghost cell</comment>
        <translation>HW 截断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unflushed</source>
        <comment>ghost cell</comment>
        <translation>未刷盘</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unflushed at power loss</source>
        <comment>lost record: cause</comment>
        <translation>断电时未刷入磁盘</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>acks=1, acknowledged before it was replicated</source>
        <comment>lost record: cause</comment>
        <translation>acks=1，复制前就已确认</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>never reached the new leader</source>
        <comment>lost record: cause</comment>
        <translation>从未到达新的领导者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no physical cause</source>
        <comment>lost record: cause</comment>
        <translation>没有物理原因</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>unclean election</source>
        <comment>lost record: election</comment>
        <translation>非干净选举</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>last known leader elected (ELR)</source>
        <comment>lost record: election</comment>
        <translation>选出最后已知领导者（ELR）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>truncated to the high watermark</source>
        <comment>lost record: election</comment>
        <translation>截断到高水位</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>clean election</source>
        <comment>lost record: election</comment>
        <translation>干净选举</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no election</source>
        <comment>lost record: election</comment>
        <translation>没有选举</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 offset %2: %3 (acks=%4), lost: %5; %6</source>
        <extracomment>A lost record: partition, offset, value, acks, then what happened to its bytes and the election that dropped it: &quot;events-0 offset 2: B1 (acks=all), lost: unflushed at power loss; last known leader elected (ELR)&quot;.</extracomment>
        <translation>%1 偏移量 %2：%3（acks=%4），丢失：%5；%6</translation>
    </message>
</context>
<context>
    <name>ClusterLayout</name>
    <message numerus="yes">
        <location filename="../ui/scene/clusterlayout.cpp" line="+200"/>
        <source>Kafka %1 cluster: %n broker(s)</source>
        <extracomment>The cluster view&apos;s heading: the Kafka version (%1, &quot;4.2&quot;) and the number of brokers.</extracomment>
        <translation>
            <numerusform>Kafka %1 集群：%n 个代理节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n topic(s)</source>
        <translation>
            <numerusform>%n 个主题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n partition(s)</source>
        <translation>
            <numerusform>%n 个分区</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>observed cluster %1 · every %2 ms · this poll took %3 ms</source>
        <translation>观察中的集群 %1 · 每 %2 毫秒 · 这次轮询用了 %3 毫秒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>STRETCHED: the poll outlasted the interval</source>
        <translation>已延长：轮询超过了间隔</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>min.insync.replicas %1 · unclean leader election %2 · network latency %3 ms</source>
        <translation>min.insync.replicas %1 · 非干净领导者选举 %2 · 网络延迟 %3 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location line="+182"/>
        <location line="+18"/>
        <source>committed (below the HW)</source>
        <translation>已提交（HW 之下）</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+18"/>
        <source>not yet visible to consumers</source>
        <translation>消费者尚不可见</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>new leader epoch</source>
        <translation>新的领导者纪元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>diverged from the leader</source>
        <translation>与领导者分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>removed by a truncation</source>
        <translation>被截断移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LEO</source>
        <translation>LEO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replica HW</source>
        <translation>副本的 HW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leader&apos;s view of a follower</source>
        <translation>领导者对跟随者的记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+15"/>
        <source>ISR: in sync</source>
        <translation>ISR：同步中</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+15"/>
        <source>OSR: out of sync (hatched)</source>
        <translation>OSR：失去同步（斜线）</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>OFFLINE broker</source>
        <translation>离线的代理节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ISOLATED broker</source>
        <translation>网络隔离的代理节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+15"/>
        <source>FENCED broker</source>
        <translation>被屏蔽的代理节点</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>message in flight</source>
        <translation>传输中的消息</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>LEO; &quot;LEO ?&quot;: not told in this poll</source>
        <translation>LEO；“LEO ?”：这次轮询没有读到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replica HW; HW &gt; LEO: read in two requests, a poll is not atomic</source>
        <translation>副本 HW；HW &gt; LEO：用两个请求读取，轮询不是原子的</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GONE broker: no longer registered</source>
        <translation>已离开的代理节点：不再注册</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NO ANSWER broker: did not answer this poll</source>
        <translation>无响应的代理节点：没有响应这次轮询</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+7"/>
        <source>ELR: eligible leader replica (out of sync, safe to elect)</source>
        <translation>ELR：合格领导者副本（未同步，但可安全选为领导者）</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+7"/>
        <source>LAST LEADER: last known leader</source>
        <translation>最后领导者：最后已知的领导者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>RECOVERING: the leader came from an unclean election and has not yet confirmed its log</source>
        <translation>RECOVERING：领导者由非干净选举产生，尚未确认它的日志</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>consumer reads this partition (from its leader)</source>
        <translation>消费者读取此分区（从其领导者）</translation>
    </message>
</context>
<context>
    <name>ConsumerItem</name>
    <message>
        <location filename="../ui/scene/consumeritem.cpp" line="+31"/>
        <source>STOPPED</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FINDING COORDINATOR</source>
        <translation>寻找协调者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JOINING</source>
        <translation>加入中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SYNCING</source>
        <translation>同步中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STABLE</source>
        <translation>稳定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CRASHED</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+15"/>
        <source>Consumer %1</source>
        <translation>消费者 %1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 (position not known yet)</source>
        <translation>%1（位置尚未知）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 at ?, lag ?</source>
        <translation>%1 在&#xa0;?，落后 ?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 at %2 (no leader)</source>
        <translation>%1 在&#xa0;%2（无领导者）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 at %2, lag %3</source>
        <translation>%1 在&#xa0;%2，落后 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>owns no partitions</source>
        <translation>没有分配到分区</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not running</source>
        <translation>未执行</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>(and %n more line(s))</source>
        <translation>
            <numerusform>（还有 %n 行）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>(%n more line(s) in the inspector)</source>
        <translation>
            <numerusform>（另有 %n 行在检查器中）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ControllerItem</name>
    <message>
        <location filename="../ui/scene/controlleritem.cpp" line="+45"/>
        <location line="+18"/>
        <source>Controller (node %1)</source>
        <translation>控制器（节点 %1）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Controller (not observed)</source>
        <translation>控制器（未观察）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fenced brokers: none</source>
        <translation>被屏蔽的代理节点：无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fenced brokers: %1</source>
        <translation>被屏蔽的代理节点：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Partitions without a leader: %1</source>
        <translation>没有领导者的分区：%1</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <location filename="../ui/export/exportfiles.cpp" line="+74"/>
        <location line="+29"/>
        <location line="+29"/>
        <location line="+15"/>
        <location line="+54"/>
        <location line="+9"/>
        <location line="+21"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+47"/>
        <source>Drawn by HighWater</source>
        <translation>由 HighWater 绘制</translation>
    </message>
    <message>
        <location filename="../ui/export/exportfiles.cpp" line="-140"/>
        <source>cannot write to standard output: %1</source>
        <translation>无法写入标准输出：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cannot write %1: the directory %2 does not exist</source>
        <translation>无法写入 %1：目录 %2 不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot write %1: %2 is a file, not a directory</source>
        <translation>无法写入 %1：%2 是一个文件，不是目录</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 is %2; a sequence of frames needs a directory</source>
        <translation>%1 是%2；一系列的帧需要一个目录</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 holds files that are not frames of an export (%2); export the frames into a new or empty directory, or one that holds only frame-NNNNNN.png and .svg files</source>
        <translation>%1 包含不是导出帧的文件（%2）；请将帧导出到新的或空的目录，或只包含 frame-NNNNNN.png 和 .svg 文件的目录</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>another export is writing frames into %1 now; wait for it to finish, or export into another directory</source>
        <translation>另一个导出正在将帧写入 %1；请等它完成，或导出到另一个目录</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>cannot remove %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+26"/>
        <source>no output path</source>
        <translation>没有输出路径</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>the size must be %1 to %2 pixels a side, got %3x%4</source>
        <translation>每边大小必须是 %1 到 %2 像素，目前是 %3x%4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the scale must be %1 to %2, got %3</source>
        <translation>缩放倍数必须是 %1 到 %2，目前是 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a scale applies to PNG images only (SVG and PDF are drawn as vectors)</source>
        <translation>缩放只适用于 PNG 图片（SVG 和 PDF 以矢量绘制）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the scaled image would be larger than %1 pixels a side</source>
        <translation>缩放后的图片每边会超过 %1 像素</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a transparent background is possible in PNG and SVG only</source>
        <translation>只有 PNG 和 SVG 可以使用透明背景</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a caption band is for PNG, SVG and GIF: a PDF handout has its caption on every page</source>
        <translation>图注栏只用于 PNG、SVG 和 GIF：PDF 讲义的每一页都有自己的说明</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>choose a frame rate or a speed, not both</source>
        <translation>请选择帧率或播放速度，不要两者都选</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a frame rate or speed applies to GIF animations only</source>
        <translation>帧率或播放速度只适用于 GIF 动画</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the frame rate must be %1 to %2 frames per second</source>
        <translation>帧率必须是每秒 %1 到 %2 帧</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the speed must be %1 to %2 times simulated time</source>
        <translation>播放速度必须是模拟时间的 %1 到 %2 倍</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>there are no frames to export</source>
        <translation>没有可导出的帧</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 frames are too many to export at once (at most %2)</source>
        <translation>%1 帧太多，无法一次导出（最多 %2 帧）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 pages are too many for one PDF (at most %2)</source>
        <translation>%1 页太多，无法放进一个 PDF（最多 %2 页）</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>frame %1 was dropped to stay within the memory budget: the history keeps frames %2..%3</source>
        <translation>第 %1 帧已为了不超过内存预算而丢弃：历史记录保留第 %2..%3 帧</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>frame %1 is out of range (%2..%3)</source>
        <translation>第 %1 帧超出范围（%2..%3）</translation>
    </message>
    <message>
        <location filename="../ui/export/exportcaption.cpp" line="+94"/>
        <source>Checkpoint %1 · frame %2 · %3 ms · Kafka %4</source>
        <extracomment>An exported image&apos;s caption: the checkpoint&apos;s label, the frame, its simulated time, the Kafka version.</extracomment>
        <translation>检查点 %1 · 第 %2 帧 · %3 毫秒 · Kafka %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Frame %1 · %2 ms · Kafka %3</source>
        <extracomment>An exported image&apos;s caption: the frame, its simulated time, the Kafka version.</extracomment>
        <translation>第 %1 帧 · %2 毫秒 · Kafka %3</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+67"/>
        <source>%1 frames go into a directory, one file each, not to standard output: give a directory, or export one GIF or PDF</source>
        <translation>%1 帧要写入一个目录，每帧一个文件，不能写到标准输出：请指定一个目录，或导出成一个 GIF 或 PDF</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 frames go into a directory, one file each: %2 names a file</source>
        <translation>%1 帧要写入一个目录，每帧一个文件：%2 是一个文件名称</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 — Kafka %2</source>
        <extracomment>A PDF handout&apos;s title: the scenario&apos;s title, then the Kafka version its cluster runs.</extracomment>
        <translation>%1 — Kafka %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Checkpoint %1</source>
        <translation>检查点 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Frame %1</source>
        <translation>第 %1 帧</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (frame %1, %2 ms)</source>
        <extracomment>Under a drawing in a PDF handout: the frame number and its simulated time.</extracomment>
        <translation>（第 %1 帧，%2 毫秒）</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+8"/>
        <location line="+12"/>
        <source>cannot encode the GIF: %1</source>
        <translation>无法编码 GIF：%1</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>the GIF would be larger than %1 MiB; export fewer or smaller frames</source>
        <translation>GIF 会超过 %1 MiB；请导出较少或较小的帧</translation>
    </message>
    <message>
        <location filename="../ui/export/exportpanels.cpp" line="+71"/>
        <source>views side by side can be exported as PNG, SVG or PDF</source>
        <translation>并列的视图可导出为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a view to export has no frame or is smaller than %1 pixels a side</source>
        <translation>要导出的视图没有画面，或某一边小于 %1 像素</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+24"/>
        <source>the charts can be exported as PNG, SVG or PDF</source>
        <translation>图表可以导出为 PNG、SVG 或 PDF</translation>
    </message>
</context>
<context>
    <name>FileErrors</name>
    <message>
        <location filename="../ui/base/fileerrors.cpp" line="+10"/>
        <source>a regular file</source>
        <translation>普通文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a named pipe (FIFO)</source>
        <translation>命名管道（FIFO）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a socket</source>
        <translation>套接字（socket）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>something other than a file</source>
        <translation>不是文件的东西</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1, not a regular file</source>
        <extracomment>A file the app refuses to replace: %1 is what it is, such as &quot;a character device&quot;.</extracomment>
        <translation>%1，不是普通文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a symbolic link to %1, which does not exist</source>
        <translation>指向不存在的 %1 的符号链接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a symbolic link to %1 that cannot be followed: %2</source>
        <translation>无法跟随的符号链接，指向 %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a symbolic link to %1, which is %2, not a regular file</source>
        <extracomment>%1 is where the link points, %2 what is there, such as &quot;a character device&quot;.</extracomment>
        <translation>指向 %1 的符号链接，那是%2，不是普通文件</translation>
    </message>
</context>
<context>
    <name>GroupItem</name>
    <message>
        <location filename="../ui/scene/groupitem.cpp" line="+31"/>
        <source>EMPTY</source>
        <translation>空</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PREPARING REBALANCE</source>
        <translation>准备再平衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>COMPLETING REBALANCE</source>
        <translation>完成再平衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STABLE</source>
        <translation>稳定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEAD</source>
        <translation>已失效</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+16"/>
        <source>Consumers without a group</source>
        <translation>不属于任何组的消费者</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+20"/>
        <source>Group %1</source>
        <translation>消费者组 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no coordinator</source>
        <translation>没有协调者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>coordinator broker %1</source>
        <translation>协调者：代理节点 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generation %1 · %2 · %3</source>
        <translation>第 %1 代 · %2 · %3</translation>
    </message>
</context>
<context>
    <name>HwLineItem</name>
    <message>
        <location filename="../ui/scene/hwlineitem.cpp" line="+30"/>
        <source>No leader: no HW, nothing to read; each replica keeps its own HW</source>
        <extracomment>The partition view&apos;s HW line without a leader: each row stays solid up to its own HW marker.</extracomment>
        <translation>没有领导者：没有 HW，无法读取；每个副本保留自己的 HW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Partition HW %1: consumers read offsets below %1</source>
        <translation>分区 HW %1：消费者读取 %1 之前的偏移量</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Partition HW ?</source>
        <translation>分区 HW ?</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Partition HW ?: this poll did not read the leader&apos;s HW</source>
        <translation>分区 HW ?：这次轮询没有读到领导者的 HW</translation>
    </message>
</context>
<context>
    <name>LiveClientsItem</name>
    <message>
        <location filename="../ui/scene/liveclientsitem.cpp" line="+95"/>
        <source>LIVE · group %1 × %2</source>
        <extracomment>Many real clients of one consumer group (%1): how many connections (%2). LIVE: real, not simulated.</extracomment>
        <translation>实时 · 消费者组 %1 × %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LIVE · group %1 × %2 → %3</source>
        <extracomment>Many real clients of one consumer group (%1): how many connections (%2) and the topics they read (%3).</extracomment>
        <translation>实时 · 消费者组 %1 × %2 → %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>LIVE · producing to %1 × %2</source>
        <extracomment>Many real producers: the topic they produce to (%1) and how many connections (%2).</extracomment>
        <translation>实时 · 写入主题 %1 的生产者 × %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LIVE · reading %1 without a group × %2</source>
        <extracomment>Many real consumers that assign themselves partitions (no consumer group): the topic (%1), how many (%2).</extracomment>
        <translation>实时 · 读取 %1（无消费者组）× %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LIVE · no data yet × %1</source>
        <extracomment>Real clients that only asked for metadata so far (an admin, or a client starting): how many (%1).</extracomment>
        <translation>实时 · 尚无数据 × %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>LIVE · %n more client(s) in other groups and topics</source>
        <extracomment>The real clients that the lines above do not show, in other groups or topics.</extracomment>
        <translation>
            <numerusform>实时 · 另有 %n 个客户端在其他消费者组和主题</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>LIVE · %1 → broker %2</source>
        <extracomment>A real client in the cluster view before its first request: its address and its broker. LIVE says in words that it is real, not simulated.</extracomment>
        <translation>实时 · %1 → 代理节点 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LIVE · %1 · %2 → broker %3</source>
        <extracomment>A real client in the cluster view: its client.id (%1), its address (%2) and its broker (%3).</extracomment>
        <translation>实时 · %1 · %2 → 代理节点 %3</translation>
    </message>
    <message numerus="yes">
        <location line="+46"/>
        <source>LIVE: %n real client(s)</source>
        <translation>
            <numerusform>实时：%n 个真实客户端</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MessageText</name>
    <message>
        <location filename="../ui/scene/messagetext.cpp" line="+12"/>
        <source>broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the controller</source>
        <translation>控制器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>producer %1</source>
        <translation>生产者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a producer</source>
        <translation>某个生产者</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>consumer %1</source>
        <translation>消费者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a consumer</source>
        <translation>某个消费者</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>live client %1</source>
        <translation>实时客户端 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a live client</source>
        <translation>一个实时客户端</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Produce ×%1</source>
        <translation>Produce ×%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+13"/>
        <location line="+51"/>
        <location line="+22"/>
        <location line="+7"/>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location line="-90"/>
        <source>Ack @%1</source>
        <translation>Ack @%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fetch(%1)</source>
        <translation>Fetch(%1)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Diverging: epoch %1 ends at %2</source>
        <translation>分歧：epoch %1 结束于 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Record %1, HW %2</source>
        <translation>记录 %1，HW %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records %1..%2, HW %3</source>
        <translation>记录 %1..%2，HW %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No records, HW %1</source>
        <translation>没有记录，HW %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>AlterPartition ISR %1</source>
        <translation>AlterPartition ISR %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>AlterPartition: %1</source>
        <translation>AlterPartition：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ISR %1 committed</source>
        <translation>ISR %1 已提交</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Heartbeat</source>
        <translation>Heartbeat</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Heartbeat reply</source>
        <translation>Heartbeat 回复</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>__consumer_offsets-%1: leader %2</source>
        <translation>__consumer_offsets-%1：领导者 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No leader, epoch %1</source>
        <translation>没有领导者，epoch %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader %1, epoch %2</source>
        <translation>领导者 %1，epoch %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FindCoordinator</source>
        <translation>FindCoordinator</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No coordinator</source>
        <translation>没有协调者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coordinator: broker %1</source>
        <translation>协调者：代理节点 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 reply</source>
        <translation>%1 回复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ListOffsets (earliest)</source>
        <translation>ListOffsets（最早）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ListOffsets (latest)</source>
        <translation>ListOffsets（最新）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Offset %1</source>
        <translation>偏移量 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Metadata?</source>
        <translation>Metadata?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metadata</source>
        <translation>Metadata</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connection lost</source>
        <translation>连接中断</translation>
    </message>
</context>
<context>
    <name>Narration</name>
    <message numerus="yes">
        <location filename="../core/scenario/narration.cpp" line="+161"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no records</source>
        <translation>没有记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../core/scenario/narration_clients.cpp" line="+270"/>
        <source>offset %1</source>
        <translation>偏移量 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>offsets %1..%2</source>
        <translation>偏移量 %1..%2</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 %2</source>
        <comment>two sentences, one after the other</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1.</source>
        <comment>a sentence and its full stop</comment>
        <translation>%1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2</source>
        <comment>a statement and its details</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="+20"/>
        <source>%1, ELR %2</source>
        <comment>an ISR followed by its ELR</comment>
        <translation>%1，ELR %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: no leader (offline), ISR %2, last known leader broker %3.</source>
        <translation>%1：没有领导者（离线），ISR %2，最后已知的领导者是代理节点 %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: no leader (offline), ISR %2.</source>
        <translation>%1：没有领导者（离线），ISR %2。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 on broker %2</source>
        <comment>a replica&apos;s LEO</comment>
        <translation>代理节点 %2 上为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: leader broker %2 (leader epoch %3), ISR %4, LEO %5, HW %6.</source>
        <translation>%1：领导者为代理节点 %2（领导者纪元 %3），ISR %4，LEO %5，HW %6。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>First poll of the cluster, observed every %1 ms: %2 broker(s), %3 topic(s), %4 partition(s), %5 group(s).</source>
        <translation>集群的第一次轮询，每 %1 ms 观察一次：%2 个代理节点、%3 个主题、%4 个分区、%5 个消费者组。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>Poll of the cluster, observed every %1 ms.</source>
        <translation>集群轮询，每 %1 ms 观察一次。</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The LEO moved in %n partition(s).</source>
        <translation>
            <numerusform>%n 个分区的 LEO 移动了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The HW moved in %n partition(s).</source>
        <translation>
            <numerusform>%n 个分区的 HW 移动了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The ISR changed in %n partition(s).</source>
        <translation>
            <numerusform>%n 个分区的 ISR 改变了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The leader changed in %n partition(s).</source>
        <translation>
            <numerusform>%n 个分区的领导者改变了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The health changed in %n partition(s).</source>
        <translation>
            <numerusform>%n 个分区的健康状态改变了。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>No offset, ISR, leader or health changed: only what a broker answered (its error) or the poll&apos;s own facts.</source>
        <translation>没有任何位移、ISR、领导者或健康状态改变：只有某个代理节点的回答（它的错误）或这次轮询本身的信息不同。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Broker(s) %1 went down (fenced, gone or not answering).</source>
        <translation>代理节点 %1 停止服务（已屏蔽、已离开或没有响应）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Broker(s) %1 came up.</source>
        <translation>代理节点 %1 恢复服务。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Topics: %1 created, %2 deleted.</source>
        <translation>主题：创建 %1 个，删除 %2 个。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 group(s) changed.</source>
        <translation>%1 个消费者组有变化。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The poll took %1 ms, longer than the interval: the next one starts late.</source>
        <translation>这次轮询花了 %1 ms，超过间隔：下一次会延后开始。</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>(%n more partition(s).)</source>
        <translation>
            <numerusform>（还有 %n 个分区。）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="+25"/>
        <source>The ISR %1 is smaller than min.insync.replicas (%2), and while it is the leader does not move the HW.</source>
        <translation>ISR %1 小于 min.insync.replicas（%2），在此期间领导者不会推进 HW。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The HW is the smallest LEO over the ISR and the replicas about to join it: broker %1 has caught up, so the leader waits for it, and its LEO is %2.</source>
        <translation>HW 是 ISR 以及即将加入 ISR 的副本中最小的 LEO：代理节点 %1 已经追上，所以领导者等待它，而它的 LEO 是 %2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The HW is the smallest LEO over the ISR %1, and broker %2&apos;s LEO is %3 as the leader last heard.</source>
        <translation>HW 是 ISR %1 中最小的 LEO，而领导者最近一次得知代理节点 %2 的 LEO 是 %3。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Every replica of the ISR %1 has reached the leader&apos;s LEO %2: there is nothing new to commit.</source>
        <translation>ISR %1 中的每个副本都已到达领导者的 LEO %2：没有新的消息可以提交。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Broker %1 has caught up but is not in the ISR: the leader adds it when it handles broker %1&apos;s next fetch, and only once the controller accepts that AlterPartition.</source>
        <translation>代理节点 %1 已经追上，但不在 ISR 中：领导者要在处理代理节点 %1 的下一次 Fetch 时才把它加入，而且要等控制器接受该 AlterPartition 之后才生效。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Broker %1 has caught up; the controller has not yet accepted the AlterPartition that adds it to the ISR.</source>
        <translation>代理节点 %1 已经追上；控制器尚未接受把它加入 ISR 的 AlterPartition。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration.cpp" line="+94"/>
        <source>Cluster created</source>
        <translation>集群已建立</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce sent</source>
        <translation>Produce 已发送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records appended</source>
        <translation>记录已写入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce rejected</source>
        <translation>Produce 被拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce acknowledged</source>
        <translation>Produce 已确认</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce failed</source>
        <translation>Produce 失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce timed out</source>
        <translation>Produce 超时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch sent</source>
        <translation>Fetch 已发送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch handled</source>
        <translation>Fetch 已处理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Parked fetch answered</source>
        <translation>挂起的 Fetch 已回复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch applied</source>
        <translation>Fetch 结果已应用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch failed</source>
        <translation>Fetch 失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR shrink requested</source>
        <translation>请求缩减 ISR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR change committed</source>
        <translation>ISR 变更已提交</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR change rejected</source>
        <translation>ISR 变更被拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR updated</source>
        <translation>ISR 已更新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heartbeat sent</source>
        <translation>Heartbeat 已发送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heartbeat received</source>
        <translation>Heartbeat 已收到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time passes</source>
        <translation>时间流逝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Configuration changed</source>
        <translation>设置已变更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency changed</source>
        <translation>延迟已变更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker killed</source>
        <translation>代理节点被终止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker powered off</source>
        <translation>代理节点断电</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker restarted</source>
        <translation>代理节点已重启</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker isolated</source>
        <translation>代理节点被隔离</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker healed</source>
        <translation>代理节点网络已恢复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shutdown requested</source>
        <translation>已请求关闭</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker shut down</source>
        <translation>代理节点已关闭</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker fenced</source>
        <translation>代理节点被屏蔽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker unfenced</source>
        <translation>代理节点解除屏蔽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker registered</source>
        <translation>代理节点已注册</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Controlled shutdown</source>
        <translation>受控关闭</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader elected</source>
        <translation>已选出领导者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Registration refused</source>
        <translation>注册被拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election scan</source>
        <translation>非干净选举扫描</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader rebalance</source>
        <translation>领导者再平衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Segments deleted</source>
        <translation>日志段已删除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Topic created</source>
        <translation>主题已创建</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records batched</source>
        <translation>记录已入批次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer id requested</source>
        <translation>再次请求生产者 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client connected</source>
        <translation>实时客户端已连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client disconnected</source>
        <translation>实时客户端已断开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client request</source>
        <translation>实时客户端请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client answer</source>
        <translation>实时客户端收到响应</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observed on Apache Kafka</source>
        <translation>在 Apache Kafka 上观察到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observed poll</source>
        <translation>观察轮询</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer id allocated</source>
        <translation>已分配生产者 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer id received</source>
        <translation>已取得生产者 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duplicate batch</source>
        <translation>重复的批次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Became leader</source>
        <translation>成为领导者副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Became follower</source>
        <translation>成为跟随者副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR changed by the controller</source>
        <translation>控制器变更了 ISR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Log truncated</source>
        <translation>日志已截断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Metadata refreshed</source>
        <translation>Metadata 已更新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer connection</source>
        <translation>生产者连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer started</source>
        <translation>消费者已启动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer stopped</source>
        <translation>消费者已停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coordinator found</source>
        <translation>已找到协调者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group request sent</source>
        <translation>已发送组请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group request handled</source>
        <translation>组请求已处理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group answer received</source>
        <translation>已收到组回应</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Join phase ended</source>
        <translation>加入阶段结束</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Member evicted</source>
        <translation>成员被移出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Position set</source>
        <translation>位置已设置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer poll</source>
        <translation>消费者 poll</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer fetch handled</source>
        <translation>消费者的 Fetch 已处理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records received</source>
        <translation>已收到记录</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Consumer added</source>
        <translation>已添加消费者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Metadata request timed out</source>
        <translation>Metadata 请求超时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumer metadata refreshed</source>
        <translation>消费者的 metadata 已更新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coordinator lookup timed out</source>
        <translation>寻找协调者超时</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Consumer session expired</source>
        <translation>消费者 session 过期</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Request timed out</source>
        <translation>请求超时</translation>
    </message>
    <message>
        <location line="-347"/>
        <source>live client %1</source>
        <translation>实时客户端 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>a live client</source>
        <translation>一个实时客户端</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>producer %1</source>
        <translation>生产者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a producer</source>
        <translation>某个生产者</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>consumer %1</source>
        <translation>消费者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a consumer</source>
        <translation>某个消费者</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>group %1</source>
        <translation>消费者组 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its group</source>
        <translation>它的消费者组</translation>
    </message>
    <message>
        <location line="-42"/>
        <location filename="../core/scenario/narration_clients.cpp" line="-211"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+257"/>
        <source>broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The high watermark moves %1 -&gt; %2: consumers can now read offsets below %2.</source>
        <translation>高水位从 %1 移到 %2：消费者现在可以读取 %2 之前的偏移量。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n waiting acks=all produce(s) answered.</source>
        <translation>
            <numerusform>%n 个等待中的 acks=all 请求已得到回复。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+14"/>
        <source>The cluster starts: %n broker(s), every partition led by the first replica in its assignment, every log empty (LEO 0, HW 0).</source>
        <translation>
            <numerusform>集群启动：%n 个代理节点，每个分区由其副本分配中的第一个副本担任领导者，每个日志都是空的（LEO 0，HW 0）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="-235"/>
        <source>%1 knows no leader for %2 yet: it asks for metadata and holds %3 for a retry.</source>
        <translation>%1 还不知道 %2 的领导者：它请求 metadata，并保留 %3 稍后重试。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 retries sending %2 to %3 (leader broker %4).</source>
        <translation>%1 重新将 %2 发送到 %3（领导者为代理节点 %4）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 sends %2 to %3 (leader broker %4).</source>
        <translation>%1 将 %2 发送到 %3（领导者为代理节点 %4）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 appends %2 to %3; its LEO is now %4.</source>
        <translation>领导者%1 将 %2 写入 %3；它的 LEO 现在是 %4。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The HW stays at %1: the followers have not fetched these records yet.</source>
        <translation>HW 仍为 %1：跟随者副本还没有拉取这些记录。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waiting follower fetches are answered with the new records.</source>
        <translation>等待中的跟随者 Fetch 收到了新记录作为回复。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader %1 refuses %2&apos;s batch for %3 with sequence %4: OUT_OF_ORDER_SEQUENCE_NUMBER (its producer state expects %5 next; nothing was appended).</source>
        <translation>领导者 %1 拒绝 %2 发往 %3 的批次（序列号 %4）：OUT_OF_ORDER_SEQUENCE_NUMBER（它的生产者状态期待下一个是 %5；什么都没追加）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader %1 refuses %2&apos;s batch for %3: INVALID_PRODUCER_EPOCH (the log has seen a newer epoch of this producer; nothing was appended).</source>
        <translation>领导者 %1 拒绝 %2 发往 %3 的批次：INVALID_PRODUCER_EPOCH（日志已见过这个生产者更新的纪元；什么都没追加）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Leader %1 refuses %2&apos;s batch for %3: %4 (the ISR is smaller than min.insync.replicas; nothing was appended).</source>
        <translation>领导者%1 拒绝了 %2 发往 %3 的批次：%4（ISR 小于 min.insync.replicas，没有写入任何记录）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 refuses %2&apos;s batch for %3: %4.</source>
        <translation>领导者%1 拒绝了 %2 发往 %3 的批次：%4。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 receives the acknowledgement for %2 of %3, the offsets its first attempt got: the leader had the batch already.</source>
        <translation>%1 收到 %3 上 %2 的确认，也就是它第一次尝试得到的偏移量：领导者早已有这个批次。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 receives the acknowledgement for %2 of %3.</source>
        <translation>%1 收到了 %3 中 %2 的确认。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 recognises a duplicate: the batch with sequence %2 from producer id %3 is already in its log for %4. Nothing is appended; it answers with %5.</source>
        <translation>领导者 %1 认出一个重复：生产者 ID %3 序列号 %2 的批次已在它 %4 的日志里。什么都不追加；它以 %5 回应。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 adds %2 for %3 to a batch in its accumulator; the batch waits for linger.ms, a producer id or a free in-flight slot.</source>
        <translation>%1 把 %2 加进它累加器中 %3 的批次；批次等待 linger.ms、生产者 ID 或空出的在途名额。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 asks broker %2 for a producer id again (InitProducerId), after retry.backoff.ms.</source>
        <translation>%1 在 retry.backoff.ms 之后再次向 代理节点 %2 请求生产者 ID（InitProducerId）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Broker %1 gives %2 producer id %3, epoch 0, from the block of ids the controller handed it.</source>
        <translation>代理节点 %1 从控制器分给它的 ID 区块中，给 %2 生产者 ID %3、纪元 0。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 gets no producer id from broker %2 (%3); it will ask another broker.</source>
        <translation>%1 没有从 代理节点 %2 取得生产者 ID（%3）；它会改问另一个代理节点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is now idempotent producer id %2, epoch %3: each batch it sends carries this id, the epoch and sequence numbers.</source>
        <translation>%1 现在是幂等生产者 ID %2、纪元 %3：它发出的每个批次都带着这个 ID、纪元和序列号。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 receives an error for its batch to %2: %3</source>
        <translation>%1 发往 %2 的批次收到错误：%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (the records were appended and committed)</source>
        <translation>（这些记录已写入并已提交）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (no answer within request.timeout.ms: it closes the connection to broker %1, fails the %2 other request(s) in flight on it, and asks another broker for metadata)</source>
        <translation>（在 request.timeout.ms 内没有回应：它关闭与 代理节点 %1 的连接，这条连接上另外 %2 个在途请求随之失败，并向另一个代理节点请求元数据）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> (no answer within request.timeout.ms: it closes the connection to broker %1 and asks another broker for metadata)</source>
        <translation>（在 request.timeout.ms 内没有回应：它关闭与 代理节点 %1 的连接，并向另一个代理节点请求元数据）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>. Its sequence numbers have a gap, so it bumps its producer epoch and numbers the partition&apos;s unfinished batches from 0 again</source>
        <translation>。它的序列号出现缺口，所以它提升生产者纪元，把这个分区尚未完成的批次从 0 重新编号</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>. It will retry after a backoff.</source>
        <translation>。它将在退避后重试。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>. It gives up on the batch.</source>
        <translation>。它放弃了这个批次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Leader %1 gives up waiting for the ISR on %2 of %3 after request.timeout.ms and answers REQUEST_TIMED_OUT; the records stay in the log.</source>
        <translation>领导者%1 等待 ISR 同步 %3 中的 %2 超过 request.timeout.ms，放弃等待并回复 REQUEST_TIMED_OUT；这些记录仍留在日志中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Follower %1 sends Fetch(%2) for %3 to leader %4: it asks for records from offset %2, its LEO.</source>
        <translation>跟随者%1 向领导者%4 发送 %3 的 Fetch(%2)：它请求从偏移量 %2（它的 LEO）开始的记录。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Broker %1 answers %2&apos;s Fetch(%3) for %4 with %5.</source>
        <translation>代理节点 %1 以 %5 回复 %2 对 %4 的 Fetch(%3)。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Leader %1 sees that %2&apos;s log for %3 diverges: its last epoch ends at offset %4 here (epoch %5). It tells the follower to truncate instead of sending records.</source>
        <translation>领导者%1 发现 %2 在&#xa0;%3 的日志出现分歧：它的最后一个 epoch 在这里结束于偏移量 %4（epoch %5）。领导者要求跟随者截断日志，而不是发送记录。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader %1 handles Fetch(%2) from %3 for %4: it records %2 as %3&apos;s LEO.</source>
        <translation>领导者%1 处理来自 %3 对 %4 的 Fetch(%2)：它记下 %2 为 %3 的 LEO。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The HW stays at %1.</source>
        <translation>HW 仍为 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has caught up, so the leader asks the controller to add it to the ISR.</source>
        <translation>%1 已经追上，所以领导者请求控制器将它加入 ISR。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>There is nothing new to send, so the leader parks the fetch for up to replica.fetch.wait.max.ms.</source>
        <translation>没有新数据可发送，所以领导者将这个 Fetch 挂起，最多等待 replica.fetch.wait.max.ms。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It replies with %1 and HW %2 (the HW from before this fetch).</source>
        <translation>它回复 %1 和 HW %2（此次 Fetch 之前的 HW）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Leader %1 answers %2&apos;s parked fetch for %3 with %4.</source>
        <translation>领导者%1 以 %4 回复 %2 对 %3 挂起的 Fetch。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The wait for %1&apos;s parked Fetch(%2) on %3 ran out; leader %4 replies with %5 and the current HW %6.</source>
        <translation>%1 在&#xa0;%3 上挂起的 Fetch(%2) 等待超时；领导者%4 回复 %5 以及目前的 HW %6。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>appends %1</source>
        <translation>写入 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no new records</source>
        <translation>没有新记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follower %1 applies the fetch response for %2: %3, LEO %4, HW = min(leader&apos;s HW %5, own LEO %4) = %6.</source>
        <translation>跟随者%1 应用 %2 的 Fetch 回应：%3，LEO %4，HW = min(领导者的 HW %5，自身 LEO %4) = %6。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Follower %1&apos;s fetch for %2 failed: %3.</source>
        <translation>跟随者%1 对 %2 的 Fetch 失败：%3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader %1&apos;s ISR check: %2 has not caught up within replica.lag.time.max.ms, so it asks the controller to shrink the ISR of %3 to %4.</source>
        <translation>领导者%1 检查 ISR：%2 在 replica.lag.time.max.ms 内没有追上，所以它请求控制器将 %3 的 ISR 缩减为 %4。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>(%n more partition(s) too.)</source>
        <translation>
            <numerusform>（另外还有 %n 个分区。）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller commits %1&apos;s ISR %2 (partition epoch %3) and tells leader %4.</source>
        <translation>控制器提交 %1 的 ISR %2（分区纪元 %3），并通知领导者%4。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The controller rejects leader %1&apos;s AlterPartition for %2: %3.</source>
        <translation>控制器拒绝了领导者%1 对 %2 的 AlterPartition：%3。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 learns that its ISR change for %2 failed (%3); the ISR stays %4.</source>
        <translation>领导者%1 得知它对 %2 的 ISR 变更失败（%3）；ISR 仍为 %4。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader %1 applies %2&apos;s new ISR %3.</source>
        <translation>领导者%1 应用 %2 的新 ISR %3。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Follower %1&apos;s log on %2 ends below the leader&apos;s log start, %3: retention deleted records it never copied. It drops its log (%4 removed) and starts again, empty, at offset %3.</source>
        <translation>跟随者%1 在&#xa0;%2 上的日志结束在领导者的日志起点 %3 之前：保留策略已删除了它从未复制的记录。它丢弃自己的日志（移除 %4），从偏移量 %3 重新开始，日志为空。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 connects to broker %2 again; batches for the partitions it leads can go.</source>
        <translation>%1 重新连上 代理节点 %2；它所领导的分区的批次可以发出了。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 gets no answer to its connect to broker %2 within %3 ms (socket.connection.setup.timeout.ms); it tries again in %4 ms and sends nothing there meanwhile: waiting costs its batches no retries.</source>
        <translation>%1 连接 代理节点 %2 在&#xa0;%3 毫秒内没有回应（socket.connection.setup.timeout.ms）；它在&#xa0;%4 毫秒后再试，这段时间不向那里发送任何东西：等待不消耗批次的重试次数。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 cannot connect to broker %2: connection refused, no Kafka process listens there. It tries again in %3 ms (reconnect.backoff.ms) and sends nothing there meanwhile: waiting costs its batches no retries.</source>
        <translation>%1 无法连接 代理节点 %2：连接被拒绝，那里没有 Kafka 进程在监听。它在&#xa0;%3 毫秒后再试（reconnect.backoff.ms），这段时间不向那里发送任何东西：等待不消耗批次的重试次数。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="+5"/>
        <source>%1 sends a heartbeat to the controller.</source>
        <translation>%1 向控制器发送心跳。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The controller receives %1&apos;s heartbeat.</source>
        <translation>控制器收到 %1 的心跳。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time passes: %1 ms.</source>
        <translation>时间流逝：%1 毫秒。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apache Kafka after step %1 (%2): nothing changed during the settle period.</source>
        <translation>第 %1 步（%2）之后的 Apache Kafka：稳定期间内没有任何变化。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apache Kafka after step %1 (%2): the cluster changed.</source>
        <translation>第 %1 步（%2）之后的 Apache Kafka：集群发生了变化。</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+4"/>
        <location line="+3"/>
        <source>Configuration changed: %1.</source>
        <translation>设置已变更：%1。</translation>
    </message>
    <message numerus="yes">
        <location line="-6"/>
        <source>Followers now fetch on their own, as every Kafka follower does (%n idle follower(s) send a Fetch).</source>
        <translation>
            <numerusform>跟随者现在会自行 Fetch，就像每个 Kafka 跟随者一样（%n 个闲置的跟随者发出 Fetch）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>A min.insync.replicas change clears every ELR and LastKnownElr: %n partition(s) lose theirs.</source>
        <translation>
            <numerusform>变更 min.insync.replicas 会清空每个 ELR 与 LastKnownElr：%n 个分区失去了它们。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1&apos;s links are back to the normal latency.</source>
        <translation>%1 的连接恢复正常延迟。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1&apos;s links are slowed to %2 ms.</source>
        <translation>%1 的连接被放慢到 %2 毫秒。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1&apos;s process crashes: it stops handling requests and heartbeating. Its host resets its connections, so its clients see the disconnect at once (NETWORK_EXCEPTION) and a connect to it is refused. The controller will notice only when its session times out (broker.session.timeout.ms).</source>
        <translation>%1 的进程崩溃：它停止处理请求，也不再发送心跳。它所在的主机会重置它的连接，所以它的客户端立刻看到断线（NETWORK_EXCEPTION），连接到它也会被拒绝。控制器要等到它的 session 超时（broker.session.timeout.ms）才会察觉。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 loses power with its host: nothing answers for it any more, not even a refused connect. Its clients and followers notice only when their requests time out (request.timeout.ms, replica.socket.timeout.ms), the controller when its session times out (broker.session.timeout.ms).</source>
        <translation>%1 和它的主机一起断电：再也没有任何东西替它回应，连拒绝连接都没有。它的客户端和跟随者要等到请求超时（request.timeout.ms、replica.socket.timeout.ms）才会察觉，控制器则要等到它的 session 超时（broker.session.timeout.ms）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 restarts with the log it had on disk, minus %2 that were still only in the page cache. It registers with the controller again.</source>
        <translation>%1 以磁盘上的日志重启，但少了仍只在 page cache 中的 %2。它重新向控制器注册。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 restarts with the log it had on disk. It registers with the controller again.</source>
        <translation>%1 以磁盘上的日志重启。它重新向控制器注册。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is cut off from the network: it keeps running, but nothing reaches it and nothing it sends arrives.</source>
        <translation>%1 与网络断开：它仍在执行，但收不到任何消息，它发出的消息也到不了。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is reachable again.</source>
        <translation>%1 的网络恢复了。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 asks the controller for a controlled shutdown.</source>
        <translation>%1 请求控制器进行受控关闭。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has handed over its leaderships and shuts down cleanly.</source>
        <translation>%1 已交出它的领导权，并正常关闭。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The controller has not heard from %1 for broker.session.timeout.ms and fences it</source>
        <translation>控制器在 broker.session.timeout.ms 内没有收到 %1 的消息，将它屏蔽（fence）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The controller handles %1&apos;s controlled shutdown</source>
        <translation>控制器处理 %1 的受控关闭</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>: %n partition(s) change</source>
        <translation>
            <numerusform>：%n 个分区发生变化</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no replica can take over, so it goes offline (leader -1; the ISR keeps %1).</source>
        <translation>没有副本可以接手，所以它变为离线（领导者 -1；ISR 保持为 %1）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no ISR member is left, so the out-of-sync broker %1 becomes leader (unclean election: records only the old leader had are lost).</source>
        <translation>ISR 中已没有成员，所以失去同步的代理节点 %1 成为领导者（非干净选举：只有旧领导者才有的记录会丢失）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>leader broker %1, ISR %2.</source>
        <translation>领导者为代理节点 %1，ISR %2。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>; %n offline partition(s) get a leader.</source>
        <translation>
            <numerusform>；%n 个离线分区选出了领导者。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(The last known leader is elected: flagged unclean, RECOVERING.)</source>
        <translation>（选出最后已知的领导者：标记为非干净选举，状态 RECOVERING。）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(An Eligible Leader Replica leads: a clean election.)</source>
        <translation>（由合格领导者副本（ELR）担任领导者：这是干净选举。）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(An unclean election: an out-of-sync replica leads.)</source>
        <translation>（非干净选举：由失去同步的副本担任领导者。）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller refuses %1&apos;s new registration: the old incarnation&apos;s session is still valid (DUPLICATE_BROKER_REGISTRATION). It will try again.</source>
        <translation>控制器拒绝 %1 的新注册：旧实例的会话仍然有效（DUPLICATE_BROKER_REGISTRATION）。它稍后会再试。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>The controller&apos;s unclean election scan (every unclean.leader.election.interval.ms) finds %n leaderless partition(s) and elects an out-of-sync replica: %1 is led by broker %2 (records only the old ISR had are lost).</source>
        <translation>
            <numerusform>控制器的非干净选举扫描（每隔 unclean.leader.election.interval.ms）找到 %n 个没有领导者的分区，并选出一个不同步的副本：%1 由代理节点 %2 领导（只有旧 ISR 拥有的记录会丢失）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the log is above retention.bytes</source>
        <translation>日志超过 retention.bytes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>their records are older than retention.ms</source>
        <translation>其中的记录比 retention.ms 更旧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>they end below the log start</source>
        <translation>它们结束在日志起点之前</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%1&apos;s retention check (every log.retention.check.interval.ms) deletes %n old segment(s) because %2: %3 now starts at offset %4.</source>
        <translation>
            <numerusform>%1 的保留检查（每隔 log.retention.check.interval.ms）删除 %n 个旧日志段，因为%2：%3 现在从偏移量 %4 开始。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The controller&apos;s automatic leader rebalance (auto.leader.rebalance.enable, every leader.imbalance.check.interval.seconds) moves leadership of %n partition(s) back to the preferred replica: %1 is led by broker %2 again instead of broker %3 (leader epoch %4).</source>
        <translation>
            <numerusform>控制器的自动领导者再平衡（auto.leader.rebalance.enable，每隔 leader.imbalance.check.interval.seconds）把 %n 个分区的领导权移回优先领导者：%1 再次由代理节点 %2 领导，不再是代理节点 %3（领导者纪元 %4）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The controller checks that topic %1 can be created (validate_only) and creates nothing.</source>
        <translation>控制器检查主题 %1 能否创建（validate_only），但不创建任何东西。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The controller refuses to create topic %1</source>
        <translation>控制器拒绝创建主题 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>A client asked broker %1 for metadata of a topic it does not know: with auto.create.topics.enable the controller creates %2 with %n partition(s) (num.partitions) and replication factor %3; each first replica in the ISR leads.</source>
        <translation>
            <numerusform>客户端向代理节点 %1 询问一个它不认识的主题的 metadata：因为 auto.create.topics.enable，控制器创建 %2，共 %n 个分区（num.partitions），复制因子 %3；每个分区由 ISR 中的第一个副本担任领导者。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The controller creates topic %1 with %n partition(s) and replication factor %2; each partition&apos;s first replica in the ISR leads, at leader epoch 0.</source>
        <translation>
            <numerusform>控制器创建主题 %1，共 %n 个分区，复制因子 %2；每个分区由 ISR 中的第一个副本担任领导者，领导者纪元 0。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>(%n more topic(s) in the same request.)</source>
        <translation>
            <numerusform>（同一个请求里还有 %n 个主题。）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n other topic(s) refused</source>
        <translation>
            <numerusform>另有 %n 个主题被拒绝</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The brokers learn it from the metadata log.</source>
        <translation>代理节点从 metadata 日志得知它。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The ElectLeaders API forces an unclean election for %1: broker %2 leads alone (leader epoch %3, RECOVERING); records only the old ISR had are lost.</source>
        <translation>ElectLeaders API 对 %1 强制进行非干净选举：代理节点 %2 单独担任领导者（领导者纪元 %3，RECOVERING）；只有旧 ISR 拥有的记录会丢失。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The controller moves leadership of %1: broker %2, leader epoch %3.</source>
        <translation>控制器转移 %1 的领导权：代理节点 %2，领导者纪元 %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller elects a leader for %1: broker %2, leader epoch %3.</source>
        <translation>控制器为 %1 选举领导者：代理节点 %2，领导者纪元 %3。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="-78"/>
        <source>%1 learns it now leads %2 in epoch %3. The epoch starts at its LEO %4. Its HW is %5, what it knew as a follower; it cannot move until every ISR follower has fetched in the new epoch.</source>
        <translation>%1 得知它现在在 epoch %3 中担任 %2 的领导者。这个 epoch 从它的 LEO %4 开始。它的 HW 是 %5，也就是它作为跟随者时所知道的值；要等每个 ISR 跟随者都在新 epoch 中 Fetch 过，HW 才能前进。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 learns that %2 has no leader (epoch %3).</source>
        <translation>%1 得知 %2 没有领导者（epoch %3）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 learns that broker %2 leads %3 in epoch %4 and follows it; as Kafka did before 0.11 it first cuts its log back to its own HW %5 (%6 removed).</source>
        <translation>%1 得知代理节点 %2 在 epoch %4 中担任 %3 的领导者并跟随它；如同 Kafka 0.11 之前的做法，它先把日志截断到自己的 HW %5（移除 %6）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 learns that broker %2 leads %3 in epoch %4 and follows it.</source>
        <translation>%1 得知代理节点 %2 在 epoch %4 中担任 %3 的领导者，并跟随它。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Leader %1 learns from the controller that %2&apos;s ISR is now %3.</source>
        <translation>领导者%1 从控制器得知 %2 的 ISR 现在是 %3。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Follower %1 is ahead of the leader on %2 and cuts its log back to the leader&apos;s end, %3 (%4 removed).</source>
        <translation>跟随者%1 在&#xa0;%2 上领先领导者，将日志截断到领导者的结尾 %3（移除 %4）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follower %1&apos;s log diverges from the leader&apos;s on %2: epoch %3 ends earlier on the leader. It truncates to offset %4 (%5 removed) and fetches again.</source>
        <translation>跟随者%1 在&#xa0;%2 上的日志与领导者分歧：epoch %3 在领导者上较早结束。它截断到偏移量 %4（移除 %5）并重新 Fetch。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_clients.cpp" line="-33"/>
        <source>%1 is added to %2 and starts: it looks for the coordinator and joins, and the group rebalances.</source>
        <translation>%1 加入 %2 并启动：它寻找协调者并加入，消费者组进行再平衡。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is added and starts reading its assigned partitions.</source>
        <translation>%1 已添加并开始读取分配给它的分区。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 starts.</source>
        <translation>%1 启动。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 crashes: it stops polling and heartbeating without leaving its group, so the coordinator notices only after session.timeout.ms.</source>
        <translation>%1 崩溃：它停止 poll 和心跳，但没有离开消费者组，所以协调者要等到 session.timeout.ms 之后才会察觉。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 leaves its group (committing first if it auto-commits).</source>
        <translation>%1 离开它的消费者组（若为自动提交，会先提交）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 could not refresh its metadata from broker %2: %3.</source>
        <translation>%1 无法从代理节点 %2 更新 metadata：%3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 could not refresh its metadata: %2.</source>
        <translation>%1 无法更新 metadata：%2。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 refreshes its metadata: no leader changed.</source>
        <translation>%1 更新 metadata：没有领导者变更。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 refreshes its metadata: %2 is led by %3</source>
        <translation>%1 更新 metadata：%2 的领导者是 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 could not find a coordinator: %2.</source>
        <translation>%1 找不到协调者：%2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 could not find a coordinator.</source>
        <translation>%1 找不到协调者。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 learns that broker %2 coordinates its group (the leader of the group&apos;s __consumer_offsets partition).</source>
        <translation>%1 得知代理节点 %2 是它的消费者组协调者（该组 __consumer_offsets 分区的领导者）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has had no heartbeat answer for session.timeout.ms and looks for its group coordinator again.</source>
        <translation>%1 在 session.timeout.ms 内没有收到心跳回复，再次寻找它的消费者组协调者。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 looks for its group coordinator again.</source>
        <translation>%1 再次寻找它的消费者组协调者。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1&apos;s application has not polled for %2 ms, more than max.poll.interval.ms: its heartbeat thread leaves the group (&quot;consumer poll timeout has expired.&quot;), gives up its partitions and sends LeaveGroup to broker %3. It joins again at its next poll.</source>
        <translation>%1 的应用程序已经 %2 毫秒没有 poll，超过 max.poll.interval.ms：它的心跳线程离开消费者组（&quot;consumer poll timeout has expired.&quot;），放弃它的分区，并向 代理节点 %3 发送 LeaveGroup。它会在下一次 poll 时重新加入。</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%1 commits its positions for %n partition(s): the next offset to read in each.</source>
        <translation>
            <numerusform>%1 提交它在&#xa0;%n 个分区上的消费位置：每个分区下一个要读取的偏移量。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+151"/>
        <source>%1 sends %2 to broker %3.</source>
        <translation>%1 向代理节点 %3 发送 %2。</translation>
    </message>
    <message>
        <location line="-148"/>
        <source>Coordinator %1 handles %2&apos;s %3 for %4</source>
        <translation>协调者 %1 处理 %2 为 %4 发出的 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(member %1)</source>
        <translation>（成员 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; the group starts a rebalance and waits for its members to join</source>
        <translation>；消费者组开始再平衡，等待成员加入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; everyone has joined: generation %1 begins</source>
        <translation>；所有成员都已加入：第 %1 代开始</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>: the leader&apos;s assignment is handed out and the group is Stable.</source>
        <translation>：领导者的分配结果已发出，消费者组进入 Stable 状态。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: it waits for the leader&apos;s assignment.</source>
        <translation>：它等待领导者的分配结果。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>: the member is gone, and the group rebalances.</source>
        <translation>：该成员已离开，消费者组进行再平衡。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: the member is gone.</source>
        <translation>：该成员已离开。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>: it stores %n committed offset(s).</source>
        <translation>
            <numerusform>：它保存了 %n 个已提交偏移量。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 got no answer to its %2 within its request timeout and drops the connection to the coordinator</source>
        <translation>%1 在请求超时内没有收到它的 %2 的回应，并中断与协调者的连接</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 gets the answer to its %2</source>
        <translation>%1 收到它的 %2 的回应</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>: member %1 of generation %2</source>
        <translation>：第 %2 代的成员 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>, and it is the group&apos;s leader: it runs the assignor for all %n member(s) and sends the result in its SyncGroup</source>
        <translation>
            <numerusform>，而且它是消费者组的领导者：它为全部 %n 个成员执行分配器，并在 SyncGroup 中送出结果</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>: %1 partition(s) newly assigned, %2 revoked</source>
        <translation>：新分配 %1 个分区，撤销 %2 个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (the group is rebalancing)</source>
        <translation>（消费者组正在再平衡）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>: %n committed position(s) found</source>
        <translation>
            <numerusform>：找到 %n 个已提交的消费位置</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>; it joins (again)</source>
        <translation>；它（重新）加入</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>The join phase of %1 ends on coordinator %2&apos;s timer: generation %3 with %n member(s).</source>
        <translation>
            <numerusform>%1 的加入阶段因协调者 %2 的计时器到期而结束：第 %3 代，共 %n 个成员。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The join phase of %1 ends on coordinator %2&apos;s timer.</source>
        <translation>%1 的加入阶段因协调者 %2 的计时器到期而结束。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coordinator %1 has not heard from %2 (member %3) for session.timeout.ms and removes it from %4; the group rebalances.</source>
        <translation>协调者 %1 在 session.timeout.ms 内没有收到 %2（成员 %3）的消息，将它从 %4 移除；消费者组进行再平衡。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 could not look up a position on %2: %3.</source>
        <translation>%1 无法查询 %2 上的位置：%3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 resumes %2 at its committed offset %3</source>
        <translation>%1 从已提交的偏移量 %3 继续读取 %2</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>(and %n more partition(s)).</source>
        <translation>
            <numerusform>（另外还有 %n 个分区）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no committed offset for %2; auto.offset.reset sets its position to %3.</source>
        <translation>%1 在&#xa0;%2 上没有已提交的偏移量；auto.offset.reset 将它的位置设为 %3。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 seeks %2 to offset %3.</source>
        <translation>%1 将 %2 的位置移到偏移量 %3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 polls for up to %2.</source>
        <translation>%1 执行 poll，最长等待 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Broker %1 answers %2&apos;s fetch on %3 with %4.</source>
        <translation>代理节点 %1 以 %4 回复 %2 在&#xa0;%3 上的 Fetch。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader %1 holds %2&apos;s fetch from offset %3 on %4: nothing below the HW %5 is new, so it waits up to fetch.max.wait.ms.</source>
        <translation>领导者%1 挂起 %2 在&#xa0;%4 上从偏移量 %3 开始的 Fetch：HW %5 之下没有新数据，所以它最多等待 fetch.max.wait.ms。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Leader %1 answers %2&apos;s fetch on %3 with %4: consumers read only below the HW %5.</source>
        <translation>领导者%1 以 %4 回复 %2 在&#xa0;%3 上的 Fetch：消费者只能读取 HW %5 之前的数据。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1&apos;s fetch on %2 failed: %3.</source>
        <translation>%1 在&#xa0;%2 上的 Fetch 失败：%3。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 receives %2 of %3 (read under HW %4); its position is now %5.</source>
        <translation>%1 收到 %3 的 %2（在 HW %4 之下读取）；它的位置现在是 %5。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 asks for the earliest offset of %2 to broker %3.</source>
        <translation>%1 向代理节点 %3 查询 %2 的最早偏移量（ListOffsets）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 asks for the latest offset of %2 to broker %3.</source>
        <translation>%1 向代理节点 %3 查询 %2 的最新偏移量（ListOffsets）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 asks for the first offset at or after time %2 of %3 to broker %4.</source>
        <translation>%1 向代理节点 %4 查询 %3 中时间戳不早于 %2 的第一个偏移量（ListOffsets）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 asks for metadata to broker %2.</source>
        <translation>%1 向代理节点 %2 请求元数据。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 asks for a producer id (InitProducerId) to broker %2.</source>
        <translation>%1 向代理节点 %2 请求生产者 ID（InitProducerId）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 gets broker %2&apos;s answer to its %3</source>
        <translation>%1 收到代理节点 %2 对其 %3 请求的响应</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 gets broker %2&apos;s answer to its %3 for %4</source>
        <translation>%1 收到代理节点 %2 对其 %3 请求（%4）的响应</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+2"/>
        <source>appended at offset %1</source>
        <translation>已追加在偏移量 %1</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>(a duplicate the leader had already).</source>
        <translation>（领导者已有这个重复的批次）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, read below the HW %2</source>
        <translation>%1，读取自 HW %2 之下</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the brokers, leaders, replicas and ISRs.</source>
        <translation>代理节点、领导者、副本与 ISR。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>producer id %1, epoch 0.</source>
        <translation>生产者 ID %1、纪元 0。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="+10"/>
        <source>%1 could not get metadata from broker %2: %3.</source>
        <translation>%1 无法从代理节点 %2 获取 metadata：%3。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_clients.cpp" line="-61"/>
        <source>%1 connects to broker %2.</source>
        <translation>%1 连接到代理节点 %2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 closes its connection to broker %2.</source>
        <translation>%1 关闭与代理节点 %2 的连接。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 sends a Produce request with %2 for %3 to broker %4.</source>
        <translation>%1 向代理节点 %4 发送 Produce 请求：%3 的 %2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 sends a Fetch request for %2 from offset %3 to broker %4.</source>
        <translation>%1 向代理节点 %4 发送 Fetch 请求：%2，从偏移量 %3 开始。</translation>
    </message>
    <message>
        <location line="-169"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+2"/>
        <source>%1 refreshes its metadata from broker %2: no leader changed.</source>
        <translation>%1 从代理节点 %2 更新 metadata：没有领导者变更。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="-126"/>
        <source>The controller registers the restarted %1 as a new incarnation, fenced until it has caught up with the metadata. As in Kafka 4.0+, it leaves every ISR at registration (it stopped cleanly)</source>
        <translation>控制器把重启的 %1 注册为新实例，在它追上元数据之前保持屏蔽。和 Kafka 4.0+ 一样，它在注册时离开每个 ISR（它是正常停止的）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller registers the restarted %1 as a new incarnation, fenced until it has caught up with the metadata. As in Kafka 4.0+, it leaves every ISR at registration (it crashed: an unclean shutdown, which also takes it out of every ELR)</source>
        <translation>控制器把重启的 %1 注册为新实例，在它追上元数据之前保持屏蔽。和 Kafka 4.0+ 一样，它在注册时离开每个 ISR（它是崩溃的：非正常关闭，也会让它离开每个 ELR）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The controller registers the restarted %1 and sends it the current metadata; it stays fenced until it has caught up with it (KIP-841)</source>
        <translation>控制器注册重启的 %1 并发送当前的元数据给它；在它追上之前保持屏蔽（KIP-841）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no replica can take over, so it goes offline (leader -1; the ISR is empty).</source>
        <translation>没有副本可以接手，所以它变为离线（领导者 -1；ISR 是空的）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its last known leader, broker %1, is elected although unclean election is off (KIP-966): flagged unclean, RECOVERING.</source>
        <translation>虽然非干净选举已关闭，仍选出它最后已知的领导者代理节点 %1（KIP-966）：标记为非干净选举，状态 RECOVERING。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the ISR is empty, so Eligible Leader Replica %1 leads cleanly: it holds every committed record.</source>
        <translation>ISR 是空的，所以合格领导者副本 %1 以干净选举担任领导者：它拥有每一条已提交的记录。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The controller unfences %1: it has caught up with the metadata</source>
        <translation>控制器解除 %1 的屏蔽：它已追上元数据</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_clients.cpp" line="+5"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+4"/>
        <source>nobody</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+1"/>
        <source>%1 refreshes its metadata from broker %2: %3 is led by %4</source>
        <translation>%1 从代理节点 %2 更新 metadata：%3 的领导者是 %4</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+4"/>
        <source>(and %n more change(s)).</source>
        <translation>
            <numerusform>（另外还有 %n 项变更）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartitionLayout</name>
    <message>
        <location filename="../ui/scene/partitionlayout.cpp" line="+198"/>
        <source>No leader: the partition is offline (leader epoch %1, partition epoch %2)</source>
        <translation>没有领导者：分区已离线（领导者纪元 %1，分区纪元 %2）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Leader: broker %1 · leader epoch %2 · partition epoch %3</source>
        <translation>领导者：代理节点 %1 · 领导者纪元 %2 · 分区纪元 %3</translation>
    </message>
    <message>
        <location line="+58"/>
        <location line="+16"/>
        <source>below the HW: committed, consumers can read it</source>
        <translation>HW 之下：已提交，消费者可以读取</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+16"/>
        <source>at or above the HW: not yet visible to consumers</source>
        <translation>HW 及以上：消费者尚不可见</translation>
    </message>
    <message>
        <location line="-183"/>
        <source>Lost records: acknowledged to a producer, no longer on the leader</source>
        <translation>丢失的记录：已向生产者确认，领导者上已没有</translation>
    </message>
    <message>
        <location line="-38"/>
        <location line="+12"/>
        <source>ISR %1 · OSR %2</source>
        <translation>ISR %1 · OSR %2</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+13"/>
        <source>ELR %1</source>
        <extracomment>KIP-966&apos;s Eligible Leader Replicas: out of the ISR, yet safe to elect.</extracomment>
        <translation>ELR %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>last leader %1</source>
        <extracomment>KIP-966&apos;s LastKnownElr: the broker that led the partition last.</extracomment>
        <translation>最后领导者 %1</translation>
    </message>
    <message>
        <location line="-9"/>
        <location line="+10"/>
        <source>min.insync.replicas %1</source>
        <translation>min.insync.replicas %1</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>last known ELR %1</source>
        <translation>最后已知 ELR %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ELR not known (Kafka before 3.8)</source>
        <translation>ELR 未知（Kafka 3.8 之前）</translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>and %n more</source>
        <translation>
            <numerusform>还有 %n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>and %n more (see the inspector)</source>
        <translation>
            <numerusform>还有 %n 条（见检查器）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Partition %1 · Kafka&#xa0;%2</source>
        <extracomment>The partition view&apos;s heading: the partition (%1, &quot;orders-0&quot;) and the Kafka version (%2, &quot;4.2&quot;), joined by a no-break space so that a wrapped heading keeps them together.</extracomment>
        <translation>分区 %1 · Kafka&#xa0;%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No leader: the partition is offline (leader epoch %1)</source>
        <translation>没有领导者：分区已离线（领导者纪元 %1）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Leader: broker %1 · leader epoch %2 · partition epoch %3 · RECOVERING</source>
        <extracomment>The leader came from an unclean or last-known-leader election and has not yet told the controller that it recovered (Kafka&apos;s LeaderRecoveryState RECOVERING).</extracomment>
        <translation>领导者：代理节点 %1 · 领导者纪元 %2 · 分区纪元 %3 · RECOVERING</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Leader: broker %1 · leader epoch %2</source>
        <translation>领导者：代理节点 %1 · 领导者纪元 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>observed every %1 ms · this poll took %2 ms</source>
        <translation>每 %1 毫秒观察一次 · 这次轮询用了 %2 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STRETCHED: the poll outlasted the interval</source>
        <translation>已延长：轮询超过了间隔</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>colour, bar and &quot;ep&quot; badge: leader epoch</source>
        <translation>颜色、色条与“纪元”标签：领导者纪元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≠ cross-hatched: diverged from the leader, not committed</source>
        <translation>≠ 交叉网纹：与领导者分歧，未提交</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dashed, faded: a record a truncation removed (and why)</source>
        <translation>虚线、淡色：被截断移除的记录（及原因）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LEO: where the next record goes</source>
        <translation>LEO：下一条记录写入的位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a replica&apos;s own HW</source>
        <translation>副本自己的 HW</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>partition HW (the leader&apos;s)</source>
        <translation>分区 HW（领导者的）</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>leader&apos;s view of a follower (its latest Fetch offset)</source>
        <translation>领导者对跟随者的记录（它最近一次 Fetch 的偏移量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>ISR: in-sync replica</source>
        <translation>ISR：同步副本</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>OSR: out-of-sync replica (hatched row)</source>
        <translation>OSR：失去同步的副本（斜线列）</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>message in flight</source>
        <translation>传输中的消息</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>LEO; &quot;LEO ?&quot;: not told in this poll</source>
        <translation>LEO；“LEO ?”：这次轮询没有读到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a replica&apos;s own HW; HW &gt; LEO: read in two requests, a poll is not atomic</source>
        <translation>副本自己的 HW；HW &gt; LEO：用两个请求读取，轮询不是原子的</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>ELR: eligible leader replica, out of the ISR but holding every committed record</source>
        <translation>ELR：合格领导者副本，不在 ISR 中，但保有每一条已提交的消息</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LAST LEADER: the last known leader, elected if it returns while the ISR and ELR are empty</source>
        <translation>最后领导者：最后已知的领导者，若它在 ISR 与 ELR 都为空时回来，就会被选为领导者</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>consumer reads this partition (from its leader)</source>
        <translation>消费者读取此分区（从其领导者）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>under the leader&apos;s log: consumer position (solid), group committed offset (hollow), lag to the HW</source>
        <translation>领导者日志下方：消费者位置（实心）、消费者组已提交的偏移量（空心）、到 HW 的延迟</translation>
    </message>
</context>
<context>
    <name>ProducerItem</name>
    <message>
        <location filename="../ui/scene/produceritem.cpp" line="+52"/>
        <source>idempotence off</source>
        <translation>幂等关闭</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>id: waiting</source>
        <extracomment>An idempotent producer before InitProducerId has answered with its producer id.</extracomment>
        <translation>ID：等待中</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+92"/>
        <source>id %1 · epoch %2</source>
        <extracomment>An idempotent producer&apos;s producer id (%1) and producer epoch (%2).</extracomment>
        <translation>ID %1 · 纪元 %2</translation>
    </message>
    <message>
        <location line="-43"/>
        <location line="+16"/>
        <source>Producer %1</source>
        <translation>生产者 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>acks=%1</source>
        <translation>acks=%1</translation>
    </message>
    <message>
        <location line="+53"/>
        <location line="+5"/>
        <source>records acked: %1</source>
        <translation>已确认记录：%1</translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+4"/>
        <source>waiting %1 · failed %2</source>
        <translation>等待 %1 · 失败 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>in flight %1/%2</source>
        <extracomment>Batches in flight (%1) against max.in.flight.requests.per.connection (%2).</extracomment>
        <translation>传输中 %1/%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>seq</source>
        <extracomment>Before the sequence ranges of the batches in flight, as in &quot;seq 0–2, 3–4&quot;.</extracomment>
        <translation>序列号</translation>
    </message>
</context>
<context>
    <name>ReplicaLogItem</name>
    <message>
        <location filename="../ui/scene/replicalogitem.cpp" line="+325"/>
        <source>HW ?</source>
        <translation>HW ?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LEO ?</source>
        <translation>LEO ?</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+8"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="+166"/>
        <location line="+14"/>
        <location line="+49"/>
        <source>LEO %1</source>
        <translation>LEO %1</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+4"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-62"/>
        <location line="+14"/>
        <location line="+48"/>
        <source>HW %1</source>
        <translation>HW %1</translation>
    </message>
    <message>
        <location line="-92"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-144"/>
        <source>ep %1</source>
        <translation>纪元 %1</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>no leader</source>
        <translation>没有领导者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lag %1</source>
        <translation>延迟 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: position %2 · %3</source>
        <translation>%1：位置 %2 · %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group %1: committed %2 · %3</source>
        <translation>组 %1：已提交 %2 · %3</translation>
    </message>
    <message>
        <location line="+49"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="+80"/>
        <location line="+64"/>
        <source>leader sees %1</source>
        <translation>领导者记录为 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leader&apos;s view: none</source>
        <translation>领导者的记录：无</translation>
    </message>
    <message>
        <location line="+16"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-94"/>
        <source>Broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location filename="../ui/scene/replicalogbadges.cpp" line="+25"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="+1"/>
        <location line="+77"/>
        <source>LEADER</source>
        <translation>领导者</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-77"/>
        <location line="+77"/>
        <source>ELECTED</source>
        <translation>新当选</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-77"/>
        <source>FOLLOWER</source>
        <translation>跟随者</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="+0"/>
        <location line="+78"/>
        <source>ISR</source>
        <translation>ISR</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>HW &gt; LEO</source>
        <extracomment>A replica whose HW was read above its LEO: the poll read them in two requests (not atomic).</extracomment>
        <translation>HW &gt; LEO</translation>
    </message>
    <message>
        <location line="-35"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-77"/>
        <location line="+77"/>
        <source>OSR</source>
        <translation>OSR</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ELR</source>
        <extracomment>The badge of an Eligible Leader Replica (KIP-966): out of the ISR, yet safe to elect.</extracomment>
        <translation>ELR</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LAST LEADER</source>
        <extracomment>The badge of the partition&apos;s last known leader (KIP-966&apos;s LastKnownElr): elected when it comes back while the ISR and the ELR are empty. Short: it stands in a row&apos;s label block.</extracomment>
        <translation>最后领导者</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RECOVERING</source>
        <extracomment>A partition whose leader came from an unclean or last-known-leader election and has not yet told the controller it recovered (Kafka&apos;s LeaderRecoveryState).</extracomment>
        <translation>RECOVERING</translation>
    </message>
    <message>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-175"/>
        <source>null</source>
        <extracomment>A cell&apos;s text for a record whose value is null (a tombstone, sent by a real client).</extracomment>
        <translation>null</translation>
    </message>
    <message>
        <location filename="../ui/scene/replicalogitem.cpp" line="+45"/>
        <source>Offset %1: predict what this replica holds here, then reveal (Right).</source>
        <translation>偏移量 %1：先预测这个副本在这里存放什么，再揭晓（Right）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Offset %1 (observed: the poll reads offsets, not records)</source>
        <extracomment>A cell of an observed replica: the poll sees offsets, never the records themselves.</extracomment>
        <translation>偏移量 %1（观察所得：轮询只读偏移量，不读记录）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Offset %1, leader epoch %2
Value: %3</source>
        <translation>偏移量 %1，领导者纪元 %2
值：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Key: %1</source>
        <translation>键：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Producer: %1</source>
        <translation>生产者：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Producer id %1, producer epoch %2, sequence %3</source>
        <translation>生产者 ID %1，生产者纪元 %2，序列号 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Diverged: the leader holds another record at this offset; this one will be truncated</source>
        <translation>分歧：领导者在这个偏移量上是另一条记录，这条将被截断</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+28"/>
        <source>Committed: below the HW, consumers can read it</source>
        <translation>已提交：在 HW 之下，消费者可以读取</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+28"/>
        <source>Not committed: above the HW, consumers cannot read it yet</source>
        <translation>未提交：在 HW 之上，消费者还不能读取</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Earlier here: %1 (leader epoch %2), removed: %3</source>
        <translation>这里原有：%1（领导者纪元 %2），已移除：%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>HW %1 above LEO %2: this poll read the LEO (ListOffsets) and the HW (Fetch) in two requests, not at one instant, and the log grew between them. Not an error of the broker.</source>
        <translation>HW %1 高于 LEO %2：这次轮询用两个请求分别读 LEO（ListOffsets）和 HW（Fetch），不是同一瞬间，日志在两者之间增长了。这不是代理节点的错误。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Offset %1: %2 was removed from this replica (%3)</source>
        <translation>偏移量 %1：%2 已从这个副本移除（%3）</translation>
    </message>
</context>
<context>
    <name>UserAction</name>
    <message>
        <location filename="../ui/control/useraction.cpp" line="+21"/>
        <source>a partition</source>
        <translation>某个分区</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>broker %1 is already down</source>
        <translation>代理节点 %1 已经停机</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+4"/>
        <location line="+58"/>
        <source>broker %1 is down</source>
        <translation>代理节点 %1 已停机</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>broker %1 is already shutting down</source>
        <translation>代理节点 %1 已在关闭中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broker %1 is already isolated</source>
        <translation>代理节点 %1 已被隔离</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1 is not isolated</source>
        <translation>代理节点 %1 没有被隔离</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1 is running</source>
        <translation>代理节点 %1 正在运行</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 has no leader</source>
        <translation>%1 没有领导者</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>broker %1, the preferred leader, already leads %2</source>
        <translation>优先领导者代理节点 %1 已经是 %2 的领导者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the preferred leader, broker %1, is not in the ISR</source>
        <translation>优先领导者代理节点 %1 不在同步副本 ISR 中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the preferred leader, broker %1, is fenced</source>
        <translation>优先领导者代理节点 %1 已屏蔽</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has a leader, broker %2</source>
        <translation>%1 已有领导者：代理节点 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no replica of %1 can lead: each is fenced, shutting down or not registered</source>
        <translation>%1 没有副本能担任领导者：每个都已屏蔽、正在关闭或尚未注册</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>broker %1 leads %2; only followers fetch</source>
        <translation>代理节点 %1 是 %2 的领导者；只有跟随者会 Fetch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no leader to fetch from</source>
        <translation>%1 没有可以 Fetch 的领导者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broker %1 already has a fetch in flight</source>
        <translation>代理节点 %1 已有一个 Fetch 在途中</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the cluster already has %1 consumers, the most it can have</source>
        <translation>集群已有 %1 个消费者，已达上限</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is already running</source>
        <translation>%1 已在运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not running</source>
        <translation>%1 没有在运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 polls on its own (auto.poll is on)</source>
        <translation>%1 会自己拉取（auto.poll 已开启）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no group to commit to</source>
        <translation>%1 没有可提交的消费者组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has not found its coordinator yet</source>
        <translation>%1 还没找到它的协调者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has no positions to commit yet</source>
        <translation>%1 还没有可提交的消费位置</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>observing a real cluster: read-only</source>
        <translation>正在观察真实集群：只读</translation>
    </message>
    <message>
        <location line="+97"/>
        <location line="+3"/>
        <location line="+32"/>
        <location line="+7"/>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Produce &quot;%1&quot; to %2-%3 (%4)</source>
        <translation>将“%1”发送到 %2-%3（%4）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Produce &quot;%1&quot; to %2 (%3)</source>
        <translation>将“%1”发送到 %2（%3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch round of broker %1 for %2</source>
        <translation>代理节点 %1 对 %2 执行一轮 Fetch</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Let the followers catch up</source>
        <translation>让跟随者副本追上</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Run %n event(s)</source>
        <translation>
            <numerusform>执行 %n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the clock to %1 ms</source>
        <translation>将时钟移到 %1 毫秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A real client connects to broker %1</source>
        <translation>一个真实客户端连接到代理节点 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Real client %1 disconnects</source>
        <translation>真实客户端 %1 断开连接</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Real client %1 sends a %2 request</source>
        <translation>真实客户端 %1 发送 %2 请求</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Let group %1 rebalance</source>
        <translation>让消费者组 %1 再平衡</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Start consumer %1 (join its group)</source>
        <translation>启动消费者 %1（加入其消费者组）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove consumer %1 from its group</source>
        <translation>将消费者 %1 移出其消费者组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Crash consumer %1</source>
        <translation>让消费者 %1 崩溃</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Poll consumer %1</source>
        <translation>消费者 %1 执行 poll</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Commit consumer %1&apos;s positions</source>
        <translation>提交消费者 %1 的消费位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seek consumer %1 on %2 to offset %3</source>
        <translation>将消费者 %1 在&#xa0;%2 上的位置移到偏移量 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add consumer %1</source>
        <translation>添加消费者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add consumer %1 to group %2</source>
        <translation>将消费者 %1 加入消费者组 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Advance the clock %1 ms</source>
        <translation>时钟前进 %1 毫秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restore broker %1&apos;s latency</source>
        <translation>恢复代理节点 %1 的延迟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slow broker %1 to %2 ms</source>
        <translation>将代理节点 %1 放慢到 %2 毫秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create topic %1</source>
        <translation>创建主题 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Kill broker %1</source>
        <translation>终止代理节点 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restart broker %1, losing %2 unflushed record(s) per log</source>
        <translation>重启代理节点 %1，每个日志丢失 %2 条未刷盘的记录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restart broker %1</source>
        <translation>重启代理节点 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shut down broker %1</source>
        <translation>关闭代理节点 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Isolate broker %1</source>
        <translation>隔离代理节点 %1</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Isolate broker %1, losing what the cut swallows (no TCP retransmission)</source>
        <translation>隔离代理节点 %1，断线吞掉的数据永久丢失（不经 TCP 重传）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Heal broker %1</source>
        <translation>恢复代理节点 %1 的网络</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power off broker %1</source>
        <translation>让代理节点 %1 断电</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kill the leader of %1</source>
        <translation>终止 %1 的领导者副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Elect the preferred leader of %1</source>
        <translation>为 %1 选举优先领导者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election for %1 (ElectLeaders)</source>
        <translation>对 %1 进行非干净选举（ElectLeaders）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster action</source>
        <translation>集群操作</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scenario step</source>
        <translation>场景步骤</translation>
    </message>
</context>
<context>
    <name>hw::ui::AddConsumerDialog</name>
    <message>
        <location filename="../ui/panels/addconsumerdialog.cpp" line="+37"/>
        <source>Add a consumer</source>
        <translation>添加消费者</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a group or type the name of a new one</source>
        <translation>选择一个消费者组，或输入新消费者组的名称</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Group</source>
        <translation>消费者组</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Subscribes to</source>
        <translation>订阅</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Assignor</source>
        <translation>分配器</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>auto.offset.reset</source>
        <translation>auto.offset.reset</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Commit positions automatically (auto.commit)</source>
        <translation>自动提交消费位置（auto.commit）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The cluster already has %1 consumers, the limit.</source>
        <translation>集群已经有 %1 个消费者，已达上限。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter an id for the consumer.</source>
        <translation>请输入消费者的 ID。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A consumer with id %1 already exists.</source>
        <translation>ID 为 %1 的消费者已经存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a group or type the name of a new one.</source>
        <translation>请选择一个消费者组，或输入新消费者组的名称。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A group name may have at most %1 bytes.</source>
        <translation>消费者组名称最多 %1 个字节。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose at least one topic to subscribe to.</source>
        <translation>请至少选择一个要订阅的主题。</translation>
    </message>
</context>
<context>
    <name>hw::ui::ChartsPanel</name>
    <message>
        <location filename="../ui/panels/chartspanel.cpp" line="+111"/>
        <source>LEO and HW of %1</source>
        <translation>%1 的 LEO 与 HW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Offset</source>
        <translation>偏移量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No consumer group</source>
        <translation>没有消费者组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lag of group %1</source>
        <translation>消费者组 %1 的落后量</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>No producer</source>
        <translation>没有生产者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sends of producer %1</source>
        <translation>生产者 %1 的发送</translation>
    </message>
    <message>
        <location line="+630"/>
        <source>Click to show the frame at that time.</source>
        <translation>点击图表可显示该时间的帧。</translation>
    </message>
    <message>
        <location line="-528"/>
        <source>HW (the leader&apos;s)</source>
        <translation>HW（领导者的）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>LEO of broker %1</source>
        <translation>代理节点 %1 的 LEO</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+81"/>
        <location line="+499"/>
        <source>Leader change</source>
        <translation>领导者变更</translation>
    </message>
    <message>
        <location line="-518"/>
        <source>HW of broker %1</source>
        <translation>代理节点 %1 的 HW</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Replicas in the ISR</source>
        <translation>ISR 中的副本</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Total lag</source>
        <translation>总落后量</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Lag on %1</source>
        <translation>%1 的落后量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lines for %1 of the group&apos;s %2 partitions; the total counts them all.</source>
        <translation>显示此消费者组 %2 个分区中 %1 个的曲线；总计包含全部分区。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Records acknowledged</source>
        <translation>已确认的记录</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Records failed</source>
        <translation>失败的记录</translation>
    </message>
    <message>
        <location line="+336"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2 at %3 (frame %4)</source>
        <extracomment>A chart tooltip: &quot;HW: 5 at 1.250 s (frame 42)&quot;.</extracomment>
        <translation>%1：%3 时为 %2（第 %4 帧）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 (frame %2): the partition has no leader; leader epoch %3</source>
        <translation>%1（第 %2 帧）：分区没有领导者；领导者纪元 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (frame %2): broker %3 becomes leader, leader epoch %4</source>
        <translation>%1（第 %2 帧）：代理节点 %3 成为领导者，领导者纪元 %4</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumer lag</source>
        <translation>消费者落后量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producers</source>
        <translation>生产者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each replica&apos;s LEO, the HW and the ISR size over time</source>
        <translation>各副本的 LEO、HW 与 ISR 大小随时间的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A consumer group&apos;s lag: the HW minus the committed offset</source>
        <translation>消费者组的落后量：HW 减去已提交的偏移量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A producer&apos;s records acknowledged and failed, counted from the start</source>
        <translation>生产者已确认与失败的记录数，从开始累计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Partition:</source>
        <translation>分区(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Group:</source>
        <translation>消费者组(&amp;G)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P&amp;roducer:</source>
        <translation>生产者(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulated time (s)</source>
        <translation>模拟时间（秒）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Simulated time (ms)</source>
        <translation>模拟时间（毫秒）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Now</source>
        <translation>现在</translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareController</name>
    <message>
        <location filename="../ui/control/comparecontroller.cpp" line="+58"/>
        <source>Kafka %1</source>
        <extracomment>Over each view of View &gt; Compare versions; %1 is a version such as 3.7.</extracomment>
        <translation>Kafka %1</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>The top run leads; the bottom one follows it. At a checkpoint the bottom shows its frame with the same checkpoint label; elsewhere it shows its last frame at or before the same simulated time.</source>
        <translation>上方的运行带头，下方的跟随。在检查点时，下方显示同一检查点标签的帧；其他时候显示同一模拟时间或之前的最后一帧。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Matched by checkpoint ◆%1: frame %2 above, frame %3 below</source>
        <translation>按检查点 ◆%1 对应：上方第 %2 帧，下方第 %3 帧</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The bottom run has no checkpoint ◆%1: matched by time, %2 ms (frame %3 below)</source>
        <translation>下方的运行没有检查点 ◆%1：按时间 %2 毫秒 对应（下方第 %3 帧）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Matched by time: %1 ms, the last frame at or before it below (frame %2)</source>
        <translation>按时间对应：%1 毫秒，下方取此时或之前的最后一帧（第 %2 帧）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>leader</source>
        <translation>领导者</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ISR</source>
        <translation>ISR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ELR</source>
        <translation>ELR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>last known ELR</source>
        <translation>最后已知 ELR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leader recovery state</source>
        <translation>领导者恢复状态</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HW</source>
        <translation>HW</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LEO</source>
        <translation>LEO</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lost records</source>
        <translation>丢失的记录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>produce results</source>
        <translation>生产结果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broker %1: %2 vs %3</source>
        <extracomment>A difference of View &gt; Compare versions: &quot;broker 2: online vs fenced&quot;.</extracomment>
        <translation>代理节点 %1：%2 对 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>only in one run</source>
        <extracomment>A difference of View &gt; Compare versions: a broker, partition or producer only one run has.</extracomment>
        <translation>仅在其中一次运行中</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 on broker %2</source>
        <extracomment>The replica of a partition on a broker, in View &gt; Compare versions: &quot;orders-0 on broker 2&quot;.</extracomment>
        <translation>代理节点 %2 上的 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 vs %3</source>
        <extracomment>A difference of View &gt; Compare versions that is not of one partition: &quot;produce results: 3 vs 2&quot;.</extracomment>
        <translation>%1：%2 对 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2: %3 vs %4</source>
        <extracomment>A difference of View &gt; Compare versions: &quot;orders-0 leader: 2 vs -&quot; (the top run&apos;s value first).</extracomment>
        <translation>%1 %2：%3 对 %4</translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareExportDialog</name>
    <message>
        <location filename="../ui/export/exportdialog.cpp" line="+514"/>
        <source>Both views, one above the other</source>
        <translation>两个视图，上下排列</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The %1 view</source>
        <extracomment>One view of View &gt; Compare versions, named by its label: &quot;The Kafka 3.7 view&quot;.</extracomment>
        <translation>%1 视图</translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareVersionsDialog</name>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+72"/>
        <source>Compare versions</source>
        <translation>比较版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>Kafka %1</source>
        <translation>Kafka %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The scenario runs under both versions, as written: actions taken in the main window since it was opened are not part of the comparison.</source>
        <translation>场景按原样在两个版本下各运行一次：打开后在主窗口中做的操作不纳入比较。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Top view:</source>
        <translation>上方视图：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottom view:</source>
        <translation>下方视图：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Choose two different versions: a version compared with itself shows no difference.</source>
        <translation>请选择两个不同的版本：同一版本互相比较不会有任何差异。</translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareWindow</name>
    <message>
        <location line="+305"/>
        <source>Full screen, large text, high contrast; each version&apos;s label over its view (F5, Esc to leave)</source>
        <translation>全屏、大字、高对比度；每个版本的标签在其视图上方（F5，按 Esc 离开）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One frame on (Right); both views follow</source>
        <translation>前进一帧（右方向键）；两个视图一起移动</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>What the two frames shown hold differently, the top run&apos;s value first. Each is outlined with a ≠ badge in both views; double-click one of another partition to show it.</source>
        <translation>两个显示中的帧有哪些不同，先列上方运行的值。每一项在两个视图中都以粗框和 ≠ 标记标出；双击其他分区的项目即可显示该分区。</translation>
    </message>
    <message>
        <location line="+125"/>
        <source>%1 in %2 and %3 — HighWater</source>
        <translation>%1：%2 与 %3 — HighWater</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Frame %1 of %2</source>
        <translation>第 %1 帧，共 %2 帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No differences in these two frames</source>
        <translation>这两帧没有差异</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n difference(s), %1 vs %2</source>
        <translation>
            <numerusform>%n 项差异，%1 对 %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::ConnectDialog</name>
    <message>
        <location filename="../ui/shell/connectdialog.cpp" line="+129"/>
        <source>Security file</source>
        <translation>安全配置文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kafka client properties (*.properties *.conf);;All files (*)</source>
        <translation>Kafka 客户端配置 (*.properties *.conf);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Record to file</source>
        <translation>录制到文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Observe recordings (*.jsonl)</source>
        <translation>观察录制文件 (*.jsonl)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot observe the cluster: %1</source>
        <extracomment>%1: why the cluster could not be observed (no broker answered, a bad security setting).</extracomment>
        <translation>无法观察集群：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cancelled: the session was kept.</source>
        <translation>已取消：保留当前会话。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>None: PLAINTEXT, no TLS and no SASL.</source>
        <translation>无：PLAINTEXT，不使用 TLS 和 SASL。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot be used: %1</source>
        <translation>无法使用：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Usable, with warnings: %1</source>
        <translation>可以使用，但有警告：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Usable. A password may also come from %1.</source>
        <translation>可以使用。密码也可以来自 %1。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Connect to a Kafka cluster</source>
        <translation>连接到 Kafka 集群</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HighWater observes a running Kafka cluster, read-only: every replica&apos;s log start, LEO and high watermark, the ISR and ELR, leaders and consumer groups, polled every interval. It sends only describe, list and fetch requests.</source>
        <translation>HighWater 以只读方式观察运行中的 Kafka 集群：每个副本的日志起点、LEO 和高水位 HW、ISR 和 ELR、领导者和消费者组，每个间隔轮询一次。它只发送 describe、list 和 fetch 请求。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bootstrap servers:</source>
        <translation>Bootstrap 服务器：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HOST:PORT[,HOST:PORT...]</source>
        <translation>主机:端口[,主机:端口...]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Security file:</source>
        <translation>安全配置文件：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optional: Kafka client properties for SSL or SASL</source>
        <translation>可选：SSL 或 SASL 的 Kafka 客户端配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the security file</source>
        <translation>选择安全配置文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topics (regex):</source>
        <translation>主题（正则表达式）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A regular expression matched against each whole topic name; .* observes every topic</source>
        <translation>与每个完整主题名称匹配的正则表达式；.* 观察所有主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Poll every:</source>
        <translation>轮询间隔：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At least %1 ms; a poll that takes longer stretches the interval</source>
        <translation>至少 %1 毫秒；轮询耗时更久时，间隔会延长</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Record to file:</source>
        <translation>录制到文件：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optional: a .jsonl file that File &gt; Open replays</source>
        <translation>可选：可用“文件 &gt; 打开”重放的 .jsonl 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the recording file</source>
        <translation>选择录制文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>hw::ui::ControlPanel</name>
    <message>
        <location filename="../ui/panels/controlpanel.cpp" line="+451"/>
        <source>Produce a message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <location line="-362"/>
        <source>none (null key)</source>
        <translation>无（null 键）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>producer&apos;s default</source>
        <translation>生产者的默认值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all (-1)</source>
        <translation>all（-1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 (leader only)</source>
        <translation>1（仅领导者）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0 (fire and forget)</source>
        <translation>0（发后即忘）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer</source>
        <translation>生产者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topic</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+77"/>
        <source>Partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acks</source>
        <translation>acks</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Brokers</source>
        <translation>代理节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kill</source>
        <translation>终止</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The broker crashes: no more requests or heartbeats</source>
        <translation>代理节点崩溃：不再处理请求，也不再发送心跳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shut down</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A controlled shutdown: the controller moves its leaderships first</source>
        <translation>受控关闭：控制器会先转移它的领导权</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Isolate</source>
        <translation>隔离</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cut the broker off the network; it keeps running</source>
        <translation>将代理节点与网络断开；它仍在执行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heal</source>
        <translation>恢复网络</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Records each of its logs loses on restart, as after a power failure</source>
        <translation>重启时每个日志丢失的记录数，如同断电之后</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+96"/>
        <source>Broker</source>
        <translation>代理节点</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>Unflushed records lost on restart</source>
        <translation>重启时丢失的未刷盘记录</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Partitions and time</source>
        <translation>分区与时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kill its leader</source>
        <translation>终止其领导者副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Elect preferred leader</source>
        <translation>选举优先领导者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election</source>
        <translation>非干净选举</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kafka-leader-election --election-type unclean: a leaderless partition gets an out-of-sync replica as leader, whatever unclean.leader.election.enable says</source>
        <translation>kafka-leader-election --election-type unclean：没有领导者的分区会以一个不同步的副本作为领导者，不论 unclean.leader.election.enable 的设置为何</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fetch round</source>
        <translation>一轮 Fetch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The follower sends Fetch(its LEO) and applies the answer</source>
        <translation>跟随者发送 Fetch（它的 LEO）并应用回应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let the followers catch up</source>
        <translation>让跟随者副本追上</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advance the clock</source>
        <translation>时钟前进</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follower</source>
        <translation>跟随者副本</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Slow a follower</source>
        <translation>放慢跟随者副本</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+104"/>
        <source>normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Apply latency</source>
        <translation>应用延迟</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Configuration</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unclean.leader.election.enable</source>
        <translation>unclean.leader.election.enable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min.insync.replicas</source>
        <translation>min.insync.replicas</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Add consumer…</source>
        <translation>添加消费者…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create a new consumer in a group (an existing one or a new one); it joins and the group rebalances</source>
        <translation>在消费者组（现有的或新的）中建立新的消费者；它会加入，消费者组进行再平衡</translation>
    </message>
    <message>
        <location line="+181"/>
        <source>Consumers</source>
        <translation>消费者</translation>
    </message>
    <message>
        <location line="-189"/>
        <location line="+209"/>
        <source>Add to its group</source>
        <translation>加入其消费者组</translation>
    </message>
    <message>
        <location line="-214"/>
        <source>Start the consumer: it joins its group and the group rebalances</source>
        <translation>启动消费者：它加入其消费者组，消费者组进行再平衡</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+209"/>
        <source>Remove from its group</source>
        <translation>移出其消费者组</translation>
    </message>
    <message>
        <location line="-212"/>
        <source>The consumer leaves its group cleanly and the group rebalances</source>
        <translation>消费者正常离开其消费者组，消费者组进行再平衡</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Crash</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The consumer stops without leaving; its group notices after session.timeout.ms</source>
        <translation>消费者停止但不离开；它的消费者组在 session.timeout.ms 之后才会察觉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Poll</source>
        <translation>拉取（poll）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Consumer</source>
        <translation>消费者</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+33"/>
        <source>chosen by the partitioner</source>
        <translation>由分区器选择</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no group</source>
        <translation>无消费者组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group %1</source>
        <translation>消费者组 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Produce a message (this scenario has no producers)</source>
        <translation>发送消息（此场景没有生产者）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>m%1</source>
        <translation>m%1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Consumers (this scenario has none)</source>
        <translation>消费者（此场景没有消费者）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Start</source>
        <translation>启动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
</context>
<context>
    <name>hw::ui::EventLogModel</name>
    <message>
        <location filename="../ui/panels/eventlogmodel.cpp" line="+81"/>
        <source>%1 · %2 ms · %3</source>
        <translation>%1 · %2 毫秒 · %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
</context>
<context>
    <name>hw::ui::ExportAnimationDialog</name>
    <message>
        <location filename="../ui/export/exportdialog.cpp" line="-240"/>
        <source>Frames per second:</source>
        <translation>每秒帧数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulated time x</source>
        <translation>模拟时间 ×</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+179"/>
        <source>Export Animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <location line="-160"/>
        <source>Animated GIF</source>
        <translation>GIF 动画</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Numbered PNG images in a folder</source>
        <translation>文件夹中编号的 PNG 图片</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1x</source>
        <extracomment>A speed of simulated time, e.g. &quot;0.01x&quot;.</extracomment>
        <translation>%1x</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Every frame shows for the same time</source>
        <translation>每一帧显示相同的时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Frames show for the simulated time until the next one, times this speed</source>
        <translation>每一帧依到下一帧的模拟时间显示，再乘以这个速度</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+1"/>
        <source> px</source>
        <extracomment>Unit of an image size.</extracomment>
        <translation>像素</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>From frame:</source>
        <translation>起始帧：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To frame:</source>
        <translation>结束帧：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Timing:</source>
        <translation>时间：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>by</source>
        <extracomment>Between width and height of an image size.</extracomment>
        <translation>×</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Size:</source>
        <translation>大小：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save to:</source>
        <translation>保存到：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Pick a frame...</source>
        <translation>选择一帧...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First frame</source>
        <translation>第一帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Current frame (%1)</source>
        <translation>目前的帧（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Checkpoint %1 (frame %2)</source>
        <translation>检查点 %1（第 %2 帧）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Last frame (%1)</source>
        <translation>最后一帧（%1）</translation>
    </message>
    <message>
        <location line="+46"/>
        <location line="+26"/>
        <source>The first frame comes after the last.</source>
        <translation>起始帧在结束帧之后。</translation>
    </message>
    <message numerus="yes">
        <location line="-25"/>
        <source>%n frame(s) in one GIF. Checkpoints and the last frame stay at least %1 s.</source>
        <translation>
            <numerusform>一个 GIF 中共 %n 帧。检查点和最后一帧至少停留 %1 秒。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n PNG image(s) named frame-NNNNNN.png after their frame numbers.</source>
        <translation>
            <numerusform>%n 张 PNG 图片，依帧编号命名为 frame-NNNNNN.png。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GIF animations (*.gif)</source>
        <translation>GIF 动画 (*.gif)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Folder for the PNG images</source>
        <translation>存放 PNG 图片的文件夹</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Exporting %n frame(s)...</source>
        <translation>
            <numerusform>正在导出 %n 帧...</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::ExportImageDialog</name>
    <message>
        <location line="-398"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exporting</source>
        <translation>正在导出</translation>
    </message>
    <message>
        <location line="+39"/>
        <location line="+358"/>
        <source>Transparent background</source>
        <translation>透明背景</translation>
    </message>
    <message>
        <location line="-357"/>
        <source>One page per checkpoint (a handout with the notes)</source>
        <translation>每个检查点一页（附说明的讲义）</translation>
    </message>
    <message>
        <location line="-51"/>
        <location line="+56"/>
        <location line="+356"/>
        <source>Export Image</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <location line="-436"/>
        <source>Caption: checkpoint, note and Kafka version</source>
        <translation>图注：检查点、备注与 Kafka 版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A band under the drawing with the frame&apos;s checkpoint, its time, the Kafka version and the scenario&apos;s note, in the app&apos;s language</source>
        <translation>在图的下方加一栏，写出该帧的检查点、时间、Kafka 版本和场景的备注，使用程序当前的语言</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>The live lab dropped the oldest frames of the range while exporting, to stay within the memory budget: export a range from a later frame.</source>
        <translation>导出期间，实时实验室为了不超过内存预算，丢弃了这个范围中最旧的帧：请从较晚的帧开始导出。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Current view</source>
        <translation>目前的视图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+357"/>
        <source>PNG image</source>
        <translation>PNG 图片</translation>
    </message>
    <message>
        <location line="-356"/>
        <location line="+357"/>
        <source>SVG drawing</source>
        <translation>SVG 图形</translation>
    </message>
    <message>
        <location line="-356"/>
        <location line="+357"/>
        <source>PDF document</source>
        <translation>PDF 文件</translation>
    </message>
    <message>
        <location line="-354"/>
        <location line="+356"/>
        <source>x</source>
        <extracomment>The PNG scale factor: 2x means twice as many pixels each way.</extracomment>
        <translation>x</translation>
    </message>
    <message>
        <location line="-355"/>
        <location line="+356"/>
        <source>Pixels per pixel of the view: 2x or more for sharp slides on large screens</source>
        <translation>每个视图像素对应的图片像素：在大屏幕上的幻灯片请用 2x 以上以保持清晰</translation>
    </message>
    <message>
        <location line="-355"/>
        <source>A page per checkpoint of the scenario: the drawing, the checkpoint&apos;s note and what happened</source>
        <translation>场景的每个检查点一页：图、检查点的说明，以及发生了什么</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+354"/>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <location line="-350"/>
        <location line="+354"/>
        <source>Export:</source>
        <translation>导出：</translation>
    </message>
    <message>
        <location line="-353"/>
        <location line="+354"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="-353"/>
        <location line="+354"/>
        <source>Scale:</source>
        <translation>缩放：</translation>
    </message>
    <message>
        <location line="-350"/>
        <location line="+352"/>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location line="-350"/>
        <location line="+352"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="-438"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 图形 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>Writing the handout...</source>
        <translation>正在产生讲义...</translation>
    </message>
</context>
<context>
    <name>hw::ui::FrameScene</name>
    <message numerus="yes">
        <location filename="../ui/scene/framescene.cpp" line="+632"/>
        <source>LIVE · %n request(s)</source>
        <extracomment>The live lab&apos;s many clients: the requests they have in flight to one broker, drawn as one bundle.</extracomment>
        <translation>
            <numerusform>实时 · %n 个请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>LIVE · %n answer(s)</source>
        <extracomment>The answers in flight from one broker to the live lab&apos;s many clients.</extracomment>
        <translation>
            <numerusform>实时 · %n 个响应</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>… and %n more</source>
        <extracomment>The end of the list of a bundle&apos;s messages in its tooltip.</extracomment>
        <translation>
            <numerusform>…… 另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+311"/>
        <source>Sent at %1 ms, arrives at %2 ms</source>
        <translation>于 %1 毫秒发出，%2 毫秒到达</translation>
    </message>
</context>
<context>
    <name>hw::ui::GlossaryPanel</name>
    <message>
        <location filename="../ui/panels/glossarypanel.cpp" line="+65"/>
        <source>(Kafka %1+)</source>
        <extracomment>After a &quot;textbook vs real Kafka&quot; note, in brackets: the Kafka release from which Kafka behaves so.</extracomment>
        <translation>（Kafka %1 起）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Search the glossary</source>
        <translation>搜索词汇表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type part of a term or of its definition</source>
        <translation>输入术语或其定义的一部分</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+62"/>
        <location line="+13"/>
        <source>Textbook vs real Kafka</source>
        <translation>教科书与真实的 Kafka</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Textbook:</source>
        <translation>教科书：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Real Kafka:</source>
        <translation>真实的 Kafka：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What the seed article and many textbooks simplify, what Kafka does instead, and the Kafka version from which it does so.</source>
        <translation>种子文章和许多教科书简化了什么、Kafka 实际上怎么做，以及从哪个 Kafka 版本起如此。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>See also:</source>
        <translation>另见：</translation>
    </message>
</context>
<context>
    <name>hw::ui::InspectorPanel</name>
    <message>
        <location filename="../ui/panels/inspectorpanel.cpp" line="+33"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+311"/>
        <location line="+34"/>
        <location line="+33"/>
        <location line="+6"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="-335"/>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Nothing selected</source>
        <translation>未选中任何项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Click a broker, replica, partition, producer or consumer</source>
        <translation>点击代理节点、副本、分区、生产者或消费者</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Messages in flight</source>
        <translation>传输中的消息</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 → %2, arrives at %3 ms</source>
        <translation>%1 → %2，于 %3 毫秒到达</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alive</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Isolated</source>
        <translation>网络隔离</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fenced by the controller</source>
        <translation>被控制器屏蔽</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shutting down</source>
        <translation>正在关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restarts</source>
        <translation>重启次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms (network.latency.ms)</source>
        <translation>%1 毫秒（network.latency.ms）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms (slowed)</source>
        <translation>%1 毫秒（已放慢）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last heartbeat the controller received</source>
        <translation>控制器最后收到的心跳</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+55"/>
        <location line="+221"/>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="-276"/>
        <location line="+139"/>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location line="-131"/>
        <location line="+24"/>
        <source>leader</source>
        <translation>领导者</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+24"/>
        <source>follower</source>
        <translation>跟随者</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>%1, %2, LEO %3, HW %4</source>
        <translation>%1，%2，LEO %3，HW %4</translation>
    </message>
    <message>
        <location line="-7"/>
        <location line="+114"/>
        <source>ISR</source>
        <translation>ISR</translation>
    </message>
    <message>
        <location line="-114"/>
        <location line="+115"/>
        <source>OSR</source>
        <translation>OSR</translation>
    </message>
    <message>
        <location line="-93"/>
        <source>Replica of %1 on broker %2</source>
        <translation>%1 在代理节点 %2 上的副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LEO</source>
        <translation>LEO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HW</source>
        <translation>HW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Log start</source>
        <translation>日志起始位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In the ISR</source>
        <translation>在 ISR 中</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader it knows</source>
        <translation>它所知的领导者</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+7"/>
        <location line="+83"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="-90"/>
        <location line="+11"/>
        <location line="+67"/>
        <location line="+22"/>
        <location line="+41"/>
        <location line="+33"/>
        <location line="+40"/>
        <source>broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
    <message>
        <location line="-213"/>
        <source>Leader epoch it knows</source>
        <translation>它所知的 领导者纪元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch cache</source>
        <translation>Epoch 缓存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>epoch %1</source>
        <translation>epoch %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>starts at offset %1</source>
        <translation>从偏移量 %1 开始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR (as the leader has it)</source>
        <translation>ISR（领导者记录的）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proposed ISR in flight</source>
        <translation>传送中的 ISR 提案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch start offset</source>
        <translation>Epoch 起始偏移量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader&apos;s view of followers</source>
        <translation>领导者对跟随者的记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LEO %1</source>
        <translation>LEO %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lastCaughtUpTimeMs</source>
        <translation>lastCaughtUpTimeMs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last fetch at</source>
        <translation>最近一次 Fetch 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader&apos;s LEO at that fetch</source>
        <translation>该次 Fetch 时领导者的 LEO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>acks=all produces waiting</source>
        <translation>等待中的 acks=all 请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fetches parked</source>
        <translation>挂起的 Fetch</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader&apos;s view of its LEO</source>
        <translation>领导者记录的它的 LEO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lastCaughtUpTimeMs (leader&apos;s)</source>
        <translation>lastCaughtUpTimeMs（领导者记录的）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch outstanding</source>
        <translation>未完成的 Fetch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records</source>
        <translation>记录</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>, diverged from the leader</source>
        <translation>，与领导者分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+22"/>
        <source>offset %1</source>
        <translation>偏移量 %1</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>%1 (epoch %2)</source>
        <translation>%1（epoch %2）</translation>
    </message>
    <message>
        <location line="-212"/>
        <source>true</source>
        <translation>true</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>false (set in the scenario)</source>
        <translation>false（场景中设定）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>acks is not all</source>
        <translation>acks 不是 all</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>retries is 0</source>
        <translation>retries 为 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>max.in.flight.requests.per.connection is above 5</source>
        <translation>max.in.flight.requests.per.connection 大于 5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>false</source>
        <translation>false</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>false (turned off by Kafka: %1)</source>
        <extracomment>%1: the settings that conflict with idempotence, e.g. &quot;acks is not all&quot;.</extracomment>
        <translation>false（被 Kafka 关闭：%1）</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>Broker epoch</source>
        <translation>代理节点纪元</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>OSR, ELR</source>
        <translation>OSR、ELR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, last leader</source>
        <extracomment>A replica&apos;s sets, then that it is the partition&apos;s last known leader (KIP-966).</extracomment>
        <translation>%1、最后领导者</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>In the ELR (eligible leader replicas)</source>
        <translation>在 ELR（合格领导者副本）中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last known leader (LastKnownElr)</source>
        <translation>最后已知的领导者 (LastKnownElr)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>, producer id %1, epoch %2, sequence %3</source>
        <translation>，生产者 ID %1，纪元 %2，序列号 %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Producer state</source>
        <translation>生产者状态</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>producer id %1</source>
        <translation>生产者 ID %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>producer id %1 (%2)</source>
        <translation>生产者 ID %1（%2）</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>epoch %1, %n batch(es)</source>
        <extracomment>A producer table entry: its epoch and how many of its last batches it keeps (at most 5).</extracomment>
        <translation>
            <numerusform>纪元 %1，%n 个批次</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>seq %1</source>
        <translation>序列号 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>offsets %1</source>
        <translation>偏移量 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Truncated records</source>
        <translation>被截断的记录</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (epoch %2), %3</source>
        <translation>%1（epoch %2），%3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Partition %1</source>
        <translation>分区 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replicas (preferred leader first)</source>
        <translation>副本（优先领导者在前）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader</source>
        <translation>领导者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none (offline)</source>
        <translation>无（离线）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader epoch</source>
        <translation>Leader epoch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Partition epoch</source>
        <translation>Partition epoch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader recovery state</source>
        <translation>领导者恢复状态</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ELR (eligible leader replicas)</source>
        <translation>ELR（合格领导者副本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LastKnownElr (last known leader)</source>
        <translation>LastKnownElr（最后已知的领导者）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HW (the leader&apos;s)</source>
        <translation>HW（领导者的）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unclean elections</source>
        <translation>非干净选举次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records lost from unflushed tails</source>
        <translation>未刷盘尾端丢失的记录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lost records</source>
        <translation>丢失的记录</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LEO %1, HW %2</source>
        <translation>LEO %1，HW %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumers reading it</source>
        <translation>读取它的消费者</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>position %1, lag %2</source>
        <translation>位置 %1，落后 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Producer %1</source>
        <translation>生产者 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>enable.idempotence</source>
        <translation>enable.idempotence</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acks</source>
        <translation>acks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max.in.flight.requests.per.connection</source>
        <translation>max.in.flight.requests.per.connection</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linger.ms</source>
        <translation>linger.ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retries</source>
        <translation>retries</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delivery.timeout.ms</source>
        <translation>delivery.timeout.ms</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>waiting for InitProducerId</source>
        <translation>等待 InitProducerId 回复</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none yet</source>
        <translation>尚无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer id</source>
        <translation>生产者 ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer epoch</source>
        <translation>生产者纪元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Batches in flight</source>
        <translation>传输中的批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Steady rate</source>
        <translation>固定速率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 records/s</source>
        <translation>每秒 %1 条记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaders it believes</source>
        <translation>它认为的领导者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Batches</source>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 record(s) to %2, %3</source>
        <translation>%1 条记录发往 %2，%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, seq %1</source>
        <translation>，序列号 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, offset %1</source>
        <translation>，偏移量 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, answered as a duplicate</source>
        <translation>，被当作重复批次回复</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>batch %1</source>
        <translation>批次 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Consumer %1</source>
        <translation>消费者 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group</source>
        <translation>消费者组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (assigned by hand)</source>
        <translation>无（手动分配）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Member id</source>
        <translation>成员 ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+20"/>
        <source>Generation</source>
        <translation>代（generation）</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Coordinator</source>
        <translation>协调者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records received</source>
        <translation>已收到的记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assignment</source>
        <translation>分配</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>position %1, HW %2, lag %3</source>
        <translation>位置 %1，HW %2，落后 %3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Group %1</source>
        <translation>消费者组 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Assignor</source>
        <translation>分配器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader member</source>
        <translation>领导者成员</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Members</source>
        <translation>成员</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Committed offsets</source>
        <translation>已提交的偏移量</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Controller (node %1)</source>
        <translation>控制器（节点 %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Broker registrations</source>
        <translation>代理节点注册</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, last heartbeat %2 ms</source>
        <translation>%1，最后心跳 %2 毫秒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fenced</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unfenced</source>
        <translation>未屏蔽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min.insync.replicas</source>
        <translation>min.insync.replicas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unclean.leader.election.enable</source>
        <translation>unclean.leader.election.enable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replica.lag.time.max.ms</source>
        <translation>replica.lag.time.max.ms</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+9"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To</source>
        <translation>目的地</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent at</source>
        <translation>发出时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arrives at</source>
        <translation>到达时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>delivered</source>
        <translation>已送达</translation>
    </message>
</context>
<context>
    <name>hw::ui::LiveLabDialog</name>
    <message>
        <location filename="../ui/shell/livelabdialog.cpp" line="+177"/>
        <source>Cannot start the live lab: %1</source>
        <translation>无法启动实时实验室：%1</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Name the address other machines reach this one at.</source>
        <translation>请填写其他电脑连到这台电脑所用的地址。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Live lab</source>
        <translation>实时实验室</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves this session to real Kafka clients: each broker listens on a port of its own, and what the clients send happens in the simulation as it happens.</source>
        <translation>让真实的 Kafka 客户端连到这个会话：每个代理节点在自己的端口上监听，客户端发来的请求会实时在模拟中发生。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Base port (broker N listens on this port + N):</source>
        <translation>基准端口(&amp;B)（代理节点 N 监听此端口 + N）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Speed (simulated time per wall-clock time):</source>
        <translation>速度(&amp;S)（每单位实际时间对应的模拟时间）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let &amp;other machines connect, at this address:</source>
        <translation>允许其他电脑连接(&amp;O)，使用此地址：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warning: anyone who can reach this address can connect and write to the cluster. Use it only on a network you trust, such as the classroom&apos;s.</source>
        <translation>警告：任何能连到这个地址的人都能连接并写入集群。只在你信任的网络（例如教室的网络）上使用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;tart serving</source>
        <translation>开始服务(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sto&amp;p (closes every connection)</source>
        <translation>停止(&amp;P)（关闭所有连接）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live: back to the present</source>
        <translation>实时：回到现在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bootstrap address (give it to the clients):</source>
        <translation>引导地址（bootstrap，提供给客户端）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Commands to copy (a terminal on this machine):</source>
        <translation>可复制的命令（在这台电脑的终端中运行）：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kcat: produce each line you type, acks=all</source>
        <translation>kcat：把输入的每一行发送出去，acks=all</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>kcat: read partition 0 from the beginning</source>
        <translation>kcat：从头读取分区 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Python (confluent-kafka): produce 10 records</source>
        <translation>Python（confluent-kafka）：发送 10 条记录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Java (Kafka&apos;s console producer): produce each line you type</source>
        <translation>Java（Kafka 的命令行生产者）：把输入的每一行发送出去</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Java (Kafka&apos;s console consumer): read partition 0 from the beginning</source>
        <translation>Java（Kafka 的命令行消费者）：从头读取分区 0</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connect</source>
        <translation>连接方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>client.id</source>
        <translation>client.id</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Broker</source>
        <translation>代理节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo is not offered for a live session: real clients cannot take back what they sent. File &gt; Save scenario keeps the session as a file that replays to the same frames.</source>
        <translation>实时会话不提供撤销：真实客户端无法收回已发送的内容。“文件 &gt; 保存场景”会把会话保存为一个能重放出相同帧的文件。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Serving at %1, speed %2.</source>
        <translation>服务中：%1，速度 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The live lab stopped: %1</source>
        <translation>实时实验室已停止：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not serving.</source>
        <translation>未在服务。</translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>Connected clients (%n)</source>
        <translation>
            <numerusform>已连接的客户端（%n）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(no request yet)</source>
        <translation>（尚无请求）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1</source>
        <translation>代理节点 %1</translation>
    </message>
</context>
<context>
    <name>hw::ui::LiveSession</name>
    <message>
        <location filename="../ui/control/livesession.cpp" line="+59"/>
        <source>The live lab is already serving.</source>
        <translation>实时实验室已在服务中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; is not an IP address.</source>
        <translation>“%1”不是 IP 地址。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Port %1 leaves no port for broker %2.</source>
        <translation>端口 %1 没有为代理节点 %2 留下端口。</translation>
    </message>
</context>
<context>
    <name>hw::ui::MainWindow</name>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="+177"/>
        <source>Press Space to play, Right to step, Page Down for the next checkpoint.</source>
        <translation>按空格键播放，按右方向键单步前进，按 Page Down 跳到下一个检查点。</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="-200"/>
        <location filename="../ui/shell/mainwindow.cpp" line="+444"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+265"/>
        <location line="+58"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="-40"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="-57"/>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>One frame back (Left)</source>
        <translation>后退一帧（左方向键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+328"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+2"/>
        <source>First</source>
        <translation>第一帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>First frame (Home)</source>
        <translation>第一帧（Home）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Last</source>
        <translation>最后一帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>Last frame (End)</source>
        <translation>最后一帧（End）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Previous checkpoint</source>
        <translation>上一个检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location line="+25"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>Previous checkpoint (Page Up)</source>
        <translation>上一个检查点（Page Up）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>◀ Checkpoint</source>
        <translation>◀ 检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-23"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Next checkpoint</source>
        <translation>下一个检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location line="+25"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>Next checkpoint (Page Down)</source>
        <translation>下一个检查点（Page Down）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Checkpoint ▶</source>
        <translation>检查点 ▶</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slower</source>
        <translation>减慢</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pause at checkpoints</source>
        <translation>在检查点暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>While playing, stop at each checkpoint; Play goes on from there</source>
        <translation>播放时在每个检查点停下；再按播放即从那里继续</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Show legend</source>
        <translation>显示图例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What each mark of the drawing means, under it; without it the drawing is larger</source>
        <translation>图中每个记号的意思，列在图下方；不显示时图会更大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Compare versions...</source>
        <translation>比较版本(&amp;C)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This scenario under two Kafka versions, one view above the other, moving together, with what differs marked</source>
        <translation>在两个 Kafka 版本下运行此场景，上下两个视图一起移动，并标出不同之处</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare with &amp;real Kafka...</source>
        <translation>与真实 Kafka 比较(&amp;R)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This scenario simulated and on a real Apache Kafka cluster started on this computer, checkpoint by checkpoint, with what agrees and what differs</source>
        <translation>这个场景的模拟，以及它在本机启动的真实 Apache Kafka 集群上的运行，逐个检查点对照，标出一致与不同之处</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Li&amp;ve lab...</source>
        <translation>实时实验室(&amp;V)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serve this session to real Kafka clients (kcat, Python, Java) on this computer or the classroom&apos;s network</source>
        <translation>让这台电脑或教室网络上的真实 Kafka 客户端（kcat、Python、Java）连到这个会话</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Connect to a Kafka cluster...</source>
        <translation>连接到 Kafka 集群(&amp;C)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Observe a running Kafka cluster, read-only: every replica&apos;s LEO and high watermark, the ISR and consumer groups over time</source>
        <translation>以只读方式观察运行中的 Kafka 集群：每个副本的 LEO 和高水位 HW、ISR 和消费者组随时间的变化</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Disconnect</source>
        <translation>断开连接(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop observing the cluster; the frames stay</source>
        <translation>停止观察集群；已有的帧会保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the present of the live session, and follow it (Ctrl+End)</source>
        <translation>回到实时会话的现在，并持续跟随（Ctrl+End）</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Undo is not offered for a live session: real clients cannot take back what they sent.</source>
        <translation>实时会话不提供撤销：真实客户端无法收回已发送的内容。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Undo (not in a live session)</source>
        <translation>撤销（实时会话中不可用）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo (not in a live session)</source>
        <translation>重做（实时会话中不可用）</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+25"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Undo %1</source>
        <translation>撤销 %1</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+25"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Run on 10 s (not now: the run reached its memory budget)</source>
        <translation>继续运行 10 秒（目前不可用：运行已达内存预算）</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+4"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="-142"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="-16"/>
        <source>One frame on; it stops at the end, where Run on 10 s goes on (Right)</source>
        <translation>前进一帧；到达结尾时停下，“继续运行 10 秒”可让模拟继续（右方向键）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Skip idle time</source>
        <translation>跳过空闲时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>While playing, jump over stretches in which only heartbeats travel</source>
        <translation>播放时，跳过只有心跳在传送的时段</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+137"/>
        <location line="+8"/>
        <source>Run on 10 s</source>
        <translation>继续运行 10 秒</translation>
    </message>
    <message>
        <location line="-144"/>
        <location line="+141"/>
        <source>Let the simulation run 10 s past the last frame, as one undoable action (Shift+End)</source>
        <translation>让模拟在最后一帧之后再运行 10 秒，作为一个可撤销的操作（Shift+End）</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="-138"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Fit to window</source>
        <translation>适应窗口大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-21"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <location line="-6"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-2"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Partition view</source>
        <translation>分区视图</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Cluster view</source>
        <translation>集群视图</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Show heartbeats</source>
        <translation>显示心跳</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario &amp;library...</source>
        <translation>场景库(&amp;L)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New sandbox...</source>
        <translation>新建沙盒(&amp;N)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save scenario...</source>
        <translation>保存场景(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;Export image...</source>
        <translation>导出图片(&amp;E)...</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Export &amp;animation...</source>
        <translation>导出动画(&amp;A)...</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+5"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+7"/>
        <source>Timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Narration</source>
        <translation>解说</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event log</source>
        <translation>事件记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+22"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+18"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+2"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Open &amp;built-in scenario</source>
        <translation>打开内建场景(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Partition shown</source>
        <translation>显示的分区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System (%1)</source>
        <comment>language menu: follow the system&apos;s language</comment>
        <translation>系统（%1）</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;About HighWater</source>
        <translation>关于 HighWater(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="-273"/>
        <source>About HighWater</source>
        <translation>关于 HighWater</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>HighWater %1

See and teach how Kafka replicates data: replica logs, LEO and HW, the ISR, elections, producers and consumer groups, frame by frame.</source>
        <translation>HighWater %1

观察并讲解 Kafka 如何复制数据：副本日志、LEO 与 HW、ISR、选举、生产者与消费者组，一帧一帧呈现。</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+115"/>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Clear the list</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowsession.cpp" line="+38"/>
        <location line="+14"/>
        <location line="+152"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message numerus="yes">
        <location line="-145"/>
        <source>Opened the recording %1: %n frame(s).</source>
        <translation>
            <numerusform>已打开录制文件 %1：%n 帧。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Save this session?</source>
        <translation>要保存这个会话吗？</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>This session has actions that are not saved. Opening another scenario discards them.</source>
        <translation>这个会话有尚未保存的操作。打开另一个场景会丢弃它们。</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Save them as a scenario that replays to these frames?</source>
        <translation>要把它们保存为一个能重放出这些帧的场景吗？</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="-166"/>
        <source>Cannot keep the unsaved session in case of a crash: %1</source>
        <translation>无法保留未保存的会话以防崩溃：%1</translation>
    </message>
    <message>
        <location line="+226"/>
        <location line="+16"/>
        <source>%1: not possible now (%2).</source>
        <translation>%1：目前无法执行（%2）。</translation>
    </message>
    <message>
        <location line="-8"/>
        <location line="+22"/>
        <source>%1 stopped early: %2</source>
        <translation>%1 提前停止：%2</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>%1 (a live session offers no undo).</source>
        <translation>%1（实时会话不提供撤销）。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1: the later frames were replaced (Undo brings them back).</source>
        <translation>%1：后面的帧已被替换（撤销可以找回）。</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="-6"/>
        <location filename="../ui/shell/mainwindow.cpp" line="+201"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="-141"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+78"/>
        <source>Redo %1</source>
        <translation>重做 %1</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="-289"/>
        <source>The simulation follows the replication rules of Apache Kafka %1 to %2 in KRaft mode, the release chosen per scenario (cluster.kafka_version): the high watermark, the ISR and eligible leader replicas, leader epochs, elections and consumer group rebalances. The glossary and the lessons&apos; notes say where textbooks simplify Kafka.

Licence: MIT.
Built with Qt %3, running on Qt %4.</source>
        <extracomment>%1 and %2: the oldest and newest Kafka release modelled (&quot;3.7&quot;, &quot;4.4&quot;); %3 and %4: Qt versions.</extracomment>
        <translation>模拟遵循 Apache Kafka %1 至 %2 在 KRaft 模式下的复制规则，版本由各场景选定（cluster.kafka_version）：高水位、ISR 与合格领导者副本、领导者纪元、选举与消费者组再平衡。词汇表与各课的说明指出教科书在哪些地方简化了 Kafka。

许可证：MIT。
以 Qt %3 构建，运行于 Qt %4。</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowsession.cpp" line="+22"/>
        <source>This session has actions that are not saved. Quitting discards them.</source>
        <translation>这个会话有尚未保存的操作。退出程序会丢弃它们。</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+36"/>
        <source>A kept session cannot be restored</source>
        <translation>无法恢复保留的会话</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>HighWater kept a session with unsaved actions when it last stopped, but the file cannot be read: %1</source>
        <translation>HighWater 上次停止时保留了一个有未保存操作的会话，但无法读取该文件：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+31"/>
        <source>It could not be moved aside and was removed.</source>
        <translation>无法把它移到一旁，已将它删除。</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+31"/>
        <source>It was set aside as %1 and will not be offered again.</source>
        <translation>已把它移到一旁，存为 %1，之后不会再提示。</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Restore the unsaved session?</source>
        <translation>要恢复未保存的会话吗？</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>HighWater did not close properly. It kept a session with unsaved actions: “%1”, %n frame(s), kept %2.</source>
        <translation>
            <numerusform>HighWater 上次没有正常关闭。它保留了一个有未保存操作的会话：“%1”，%n 帧，保留于 %2。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Restore brings back the scenario, every action and the frame shown.</source>
        <translation>恢复会找回场景、每个操作以及当时显示的帧。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Restored the unsaved session: frame %1 of %2. Save it to keep it.</source>
        <translation>已恢复未保存的会话：第 %1 帧，共 %2 帧。请保存以保留它。</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="-189"/>
        <source>A poll failed: %1. The frames stay; polling goes on.</source>
        <extracomment>After connecting, a poll failed (the cluster went away); %1: why.</extracomment>
        <translation>一次轮询失败：%1。已有的帧会保留；轮询继续进行。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No answer from broker %1; polling goes on.</source>
        <extracomment>%1: the node ids of the brokers that did not answer a poll (&quot;3&quot; or &quot;1, 2, 3&quot;).</extracomment>
        <translation>代理节点 %1 没有响应；轮询继续进行。</translation>
    </message>
    <message>
        <location line="+267"/>
        <source>%1 stopped early: %2. The later frames were replaced (Undo brings them back).</source>
        <translation>%1 提前停止：%2。后面的帧已被替换（撤销可以找回）。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Observed: %1</source>
        <translation>已观察：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Live: serving at %1. A live session offers no undo.</source>
        <translation>实时：服务中，地址 %1。实时会话不提供撤销。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The live lab stopped: %1</source>
        <translation>实时实验室已停止：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The live lab stopped: every connection is closed; the frames stay.</source>
        <translation>实时实验室已停止：所有连接都已关闭；帧都保留着。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot compare the versions: %1</source>
        <translation>无法比较版本：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+141"/>
        <source>⚠ This recording stops after %n frame(s): a line cannot be read.</source>
        <extracomment>%n: how many frames an observe recording&apos;s polls made before a line that cannot be read.</extracomment>
        <translation>
            <numerusform>⚠ 这个录制文件在 %n 帧之后中止：有一行无法读取。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The frames before that line are shown.</source>
        <translation>显示的是该行之前的帧。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>⚠ This scenario is not valid: its steps stop after %n frame(s).</source>
        <extracomment>%n: how many frames the scenario&apos;s steps made before the error (shown on the next line).</extracomment>
        <translation>
            <numerusform>⚠ 这个场景无效：它的步骤在 %n 帧之后停止。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>highwater-cli validate refuses the file for the same reason. The frames before the error are shown; correct that step to see the rest.</source>
        <translation>highwater-cli validate 也因相同原因拒绝这个文件。画面显示错误之前的帧；修正该步骤即可看到其余部分。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1[*] — observed — HighWater</source>
        <extracomment>The window title of an observed session: %1 is the cluster&apos;s bootstrap list or the recording.</extracomment>
        <translation>%1[*] — 观察中 — HighWater</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1[*] — Kafka %2 — HighWater</source>
        <extracomment>The window title: the scenario&apos;s title, then the Kafka version its cluster runs (&quot;Kafka 4.2&quot;).</extracomment>
        <translation>%1[*] — Kafka %2 — HighWater</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowsession.cpp" line="+48"/>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot open the scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot create the sandbox</source>
        <translation>无法建立沙盒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sandbox %1</source>
        <translation>沙盒 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>HighWater scenarios (*.json)</source>
        <translation>HighWater 场景 (*.json)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save the scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location line="-113"/>
        <location line="+113"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>HighWater scenarios (*.json);;Observe recordings (*.jsonl);;All files (*)</source>
        <translation>HighWater 场景 (*.json);;观察录制文件 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Saved %1: it replays to frame %2, where the session reached the size one scenario file may hold; the frames after it are not in the file.</source>
        <translation>已保存 %1：它重放到第 %2 帧，会话在那里达到一个场景文件可容纳的大小；之后的帧不在文件中。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1: it replays to these %2 frames.</source>
        <translation>已保存 %1：它会重放出这 %2 帧。</translation>
    </message>
    <message>
        <location filename="../ui/shell/shortcutsdialog.cpp" line="+32"/>
        <source> or </source>
        <comment>between two keys of one shortcut</comment>
        <translation> 或 </translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+73"/>
        <location filename="../ui/shell/mainwindow.cpp" line="+24"/>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindow.cpp" line="+0"/>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+滚轮</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="+1"/>
        <source>What you can do to a thing in the drawing</source>
        <translation>图中某个对象可以进行的操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right-click it</source>
        <translation>在它上面单击右键</translation>
    </message>
    <message>
        <location filename="../ui/shell/shortcutsdialog.cpp" line="+11"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>hw::ui::NarrationPanel</name>
    <message>
        <location filename="../ui/panels/narrationpanel.cpp" line="+161"/>
        <source>Frame %1 · %2 ms · %3</source>
        <translation>第 %1 帧 · %2 毫秒 · %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Checkpoint %1</source>
        <translation>检查点 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(What happened is hidden until you reveal your prediction.)</source>
        <translation>（发生了什么会先隐藏，直到你揭晓你的预测。）</translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+52"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>Note (from frame %1)</source>
        <translation>备注（来自第 %1 帧）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(The note is hidden until you reveal your prediction: it tells the answer.)</source>
        <translation>（说明在你揭晓预测之前先隐藏：它会说出答案。）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>(No note for this frame: the scenario&apos;s notes come with its checkpoints.)</source>
        <translation>（这一帧没有备注：场景的备注会随检查点出现。）</translation>
    </message>
</context>
<context>
    <name>hw::ui::ObserveSession</name>
    <message>
        <location filename="../ui/control/observesession.cpp" line="+137"/>
        <source>Bootstrap servers: %1</source>
        <extracomment>%1: why the list is refused (&quot;bootstrap &quot;x&quot; is not HOST:PORT ...&quot;).</extracomment>
        <translation>Bootstrap 服务器：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Topics (regex): &quot;%1&quot; is not a regular expression (ECMAScript): %2</source>
        <extracomment>%1: the expression, %2: the regex library&apos;s reason.</extracomment>
        <translation>主题（正则表达式）：“%1”不是正则表达式（ECMAScript）：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Poll every: %1 ms is too short: the interval is at least %2 ms, so that observing does not load the cluster</source>
        <translation>轮询间隔：%1 毫秒太短：间隔至少 %2 毫秒，以免观察给集群造成负担</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Security file: %1</source>
        <extracomment>%1: why the security file cannot be used (&quot;FILE:LINE: KEY: what was expected&quot;).</extracomment>
        <translation>安全配置文件：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Record to file: cannot write %1: %2</source>
        <extracomment>%1: the file, %2: the system&apos;s reason.</extracomment>
        <translation>录制到文件：无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+138"/>
        <source>Every broker answers again.</source>
        <translation>所有代理节点都再次响应。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Recording to %1 stopped: %2. Observing goes on.</source>
        <extracomment>%1: the recording&apos;s file, %2: the system&apos;s reason. Observing goes on.</extracomment>
        <translation>录制到 %1 已停止：%2。观察继续进行。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot finish the recording %1: %2</source>
        <extracomment>%1: the recording&apos;s file, %2: the system&apos;s reason.</extracomment>
        <translation>无法完成录制文件 %1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Disconnected</source>
        <translation>已断开连接</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1...</source>
        <translation>正在连接到 %1...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observing %1 every %2 ms</source>
        <translation>每 %2 毫秒观察 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observing %1 (%2) every %3 ms</source>
        <extracomment>%1: the bootstrap list, %2: the cluster id, %3: the polling interval.</extracomment>
        <translation>每 %3 毫秒观察 %1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>interval stretched to %1 ms</source>
        <extracomment>A poll outlasted the interval, so the next one started late; %1: how long the poll took.</extracomment>
        <translation>间隔延长到 %1 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recording to %1</source>
        <translation>录制到 %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>the recording holds no poll</source>
        <translation>录制文件中没有任何轮询</translation>
    </message>
</context>
<context>
    <name>hw::ui::PredictMode</name>
    <message>
        <location filename="../ui/teaching/predictmode.cpp" line="+286"/>
        <source>The partition has no leader, so no HW.</source>
        <translation>这个分区没有领导者，所以没有 HW。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>✔ Right: the HW is %1.</source>
        <translation>✔ 答对了：HW 是 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✘ Not quite: you said HW %1; it is %2.</source>
        <translation>✘ 差一点：你说 HW 是 %1；实际是 %2。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>✔ Broker %1: LEO %2, right.</source>
        <translation>✔ 代理节点 %1：LEO %2，答对了。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✘ Broker %1: you said LEO %2; it is %3.</source>
        <translation>✘ 代理节点 %1：你说 LEO 是 %2；实际是 %3。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>All your guesses were right.</source>
        <translation>你的猜测全部正确。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Compare with the picture: why is it so?</source>
        <translation>和图比较一下：为什么会这样？</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Predict</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HW:</source>
        <translation>HW：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal (Right)</source>
        <translation>揭晓（右方向键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the hidden values and check your guesses (Right or Page Down does the same)</source>
        <translation>显示隐藏的值并检查你的猜测（右方向键或 Page Down 效果相同）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LEO of broker %1:</source>
        <translation>代理节点 %1 的 LEO：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hidden while you predict: reveal (Right) to see it again.</source>
        <translation>预测期间隐藏：揭晓（右方向键）后再显示。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Step forward from a checkpoint: the next picture&apos;s LEO and HW are hidden until you have guessed them.</source>
        <translation>从检查点单步前进：下一个画面的 LEO 和 HW 会先隐藏，直到你猜完。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What will the HW be after this step? And each replica&apos;s LEO? The picture and the narration are hidden until you reveal.</source>
        <translation>这一步之后 HW 会是多少？每个副本的 LEO 又是多少？图和解说会先隐藏，直到你揭晓。</translation>
    </message>
</context>
<context>
    <name>hw::ui::RealCompareDialog</name>
    <message>
        <location filename="../ui/control/realcompare.cpp" line="+34"/>
        <source>Choose the directory of a Kafka distribution.</source>
        <translation>请选择 Kafka 发行版的目录。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a Kafka distribution: no such directory</source>
        <translation>%1 不是 Kafka 发行版：没有这个目录</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The scenario&apos;s cluster.kafka_version is %1 but %2 holds Kafka %3: choose a Kafka %1.x distribution (%4 makes one).</source>
        <extracomment>%1 is the scenario&apos;s version (4.4), %2 the directory, %3 the version it holds (4.2.0), %4 the command that makes a distribution of the right version.</extracomment>
        <translation>场景的 cluster.kafka_version 是 %1，但 %2 里是 Kafka %3：请选择一个 Kafka %1.x 发行版（%4 可以生成一个）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>This directory cannot be used: %1</source>
        <translation>无法使用这个目录：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>real followers always fetch: manual fetch rounds (auto.fetch false) have no counterpart</source>
        <translation>真实的跟随者总是自行拉取：手动的拉取轮次（auto.fetch false）在真实 Kafka 中没有对应</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka truncates by leader epoch since 0.11; the legacy high-watermark truncation cannot be run</source>
        <translation>Kafka 自 0.11 起按领导者纪元截断；旧的按高水位 HW 截断的方式无法运行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a steady producer is a simulated-time stream; the real runner produces only in produce steps</source>
        <translation>稳定速率的生产者是模拟时间里的数据流；真实运行只在 produce 步骤中生产</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka&apos;s group coordinator refuses a session.timeout.ms outside group.min.session.timeout.ms..group.max.session.timeout.ms (%1..%2 ms by default) with INVALID_SESSION_TIMEOUT; the model has no such bound</source>
        <translation>Kafka 的消费者组协调者以 INVALID_SESSION_TIMEOUT 拒绝 group.min.session.timeout.ms..group.max.session.timeout.ms（默认 %1..%2 毫秒）以外的 session.timeout.ms；模型没有这个限制</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the harness&apos;s consumers subscribe as members of a group; a consumer with a manual assignment is not run on a real cluster</source>
        <translation>测试工具的消费者以消费者组成员的身份订阅；手动指派分区的消费者不在真实集群上运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the real runner changes only min.insync.replicas and unclean.leader.election.enable on a running cluster; %1 is fixed when its nodes or clients start (set it in cluster.config)</source>
        <translation>真实运行只能在运行中的集群上更改 min.insync.replicas 和 unclean.leader.election.enable；%1 在其节点或客户端启动时就已固定（请在 cluster.config 中设置）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Kafka&apos;s consumer cannot crash alone: the harness&apos;s consumers share one JVM, and closing one sends LeaveGroup, which a crash does not</source>
        <translation>Kafka 的消费者无法单独崩溃：测试工具的消费者共用一个 JVM，关闭其中一个会发送 LeaveGroup，而崩溃不会</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>consumer %1 polls on its own (auto.poll); a poll step is for a consumer with auto.poll false</source>
        <translation>消费者 %1 会自行轮询（auto.poll）；poll 步骤只用于 auto.poll 为 false 的消费者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kafka&apos;s consumer fixes max.poll.records when it is made (%1 for %2); a poll cannot ask for another number</source>
        <translation>Kafka 的消费者在创建时就固定 max.poll.records（%2 的是 %1）；一次轮询不能要求其他数量</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the real runner waits for every poll&apos;s answer</source>
        <translation>真实运行会等待每次轮询的响应</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a manual fetch round has no counterpart: real followers fetch on their own</source>
        <translation>手动的拉取轮次没有对应：真实的跟随者会自行拉取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a run step replays the simulation&apos;s events one by one; a real cluster&apos;s events cannot be counted or stopped between</source>
        <translation>run 步骤逐一重放模拟的事件；真实集群的事件无法计数，也无法在事件之间暂停</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a clock step sets the simulated clock; a real cluster runs on the wall clock (use advance)</source>
        <translation>clock 步骤设置模拟时钟；真实集群按实际时间运行（请用 advance）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a recorded live client&apos;s request (or a dropped message) replays the simulation&apos;s network; it has no counterpart on a real cluster</source>
        <translation>录下的实时客户端请求（或丢弃的消息）重放的是模拟的网络；在真实集群上没有对应</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SIGKILL keeps the page cache, so a real restart loses no unflushed records; a power loss cannot be made on this machine</source>
        <translation>SIGKILL 会保留页面缓存，所以真实的重启不会丢失未刷写的记录；这台电脑无法制造断电</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the real runner waits for every controlled shutdown to end</source>
        <translation>真实运行会等待每次受控关闭结束</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a topic created at run time without an assignment is placed by the model&apos;s seeded striped placer and by Kafka&apos;s controller from its own Random, which draw apart; give the step an assignment</source>
        <translation>运行中创建、没有指定分配的主题，在模型里由带种子的 striped placer 放置，在 Kafka 里由控制器用它自己的 Random 放置，两者会不同；请为这个步骤指定 assignment</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>a cut on a real network delays what it swallows (TCP retransmits it after the heal); one that loses it for good cannot be made</source>
        <translation>真实网络上的断线只会延迟被吞掉的数据（TCP 会在恢复连接后重传）；无法做出让数据永久丢失的断线</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: %2</source>
        <extracomment>A step real Kafka cannot run: its place in the scenario file (a JSON pointer), then why.</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../ui/shell/realcomparedialog.cpp" line="+172"/>
        <source>Compare with real Kafka</source>
        <translation>与真实 Kafka 比较</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>HighWater runs this scenario in its simulation and on a real Apache Kafka cluster started on this computer (a controller and %n broker(s), each a Java process), then shows both at each checkpoint with what agrees and what differs. A real run takes minutes.</source>
        <translation>
            <numerusform>HighWater 在它的模拟中运行这个场景，也在本机启动的真实 Apache Kafka 集群（一个控制器和 %n 个代理节点，各是一个 Java 进程）上运行，然后在每个检查点并排显示两者，标出一致与不同之处。一次真实运行需要几分钟。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This scenario is for Kafka %1, so the distribution must be Kafka %1. In HighWater&apos;s source tree &lt;code&gt;%2&lt;/code&gt; assembles one from Maven Central and prints its directory; an Apache Kafka %1 release unpacked works too.</source>
        <translation>这个场景适用于 Kafka %1，所以发行版必须是 Kafka %1。在 HighWater 的源代码目录中，&lt;code&gt;%2&lt;/code&gt; 会从 Maven Central 组装一个发行版并打印它的目录；解压的 Apache Kafka %1 正式版也可以。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kafka distribution directory:</source>
        <translation>Kafka 发行版目录：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The directory scripts/kafka-dist %1 printed</source>
        <translation>scripts/kafka-dist %1 打印的目录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Real Kafka cannot run this scenario. Nothing will start until these are gone from it (each with its place in the scenario file):</source>
        <translation>真实 Kafka 无法运行这个场景。在场景中去掉下列各项之前，什么都不会启动（每一项附有它在场景文件中的位置）：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the simulation and the real cluster, then compare them at each checkpoint</source>
        <translation>运行模拟与真实集群，然后在每个检查点比较两者</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Kafka distribution directory</source>
        <translation>Kafka 发行版目录</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Apache Kafka %1 in %2</source>
        <translation>Apache Kafka %1，位于 %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cancel run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the real run: every Kafka process is stopped and its files removed</source>
        <translation>停止真实运行：每个 Kafka 进程都会停止，其文件会被删除</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cancelling: stopping every Kafka process...</source>
        <translation>正在取消：停止每个 Kafka 进程...</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Simulating the scenario...</source>
        <translation>正在模拟场景...</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Starting Kafka: a controller and %n broker(s)...</source>
        <translation>
            <numerusform>正在启动 Kafka：一个控制器和 %n 个代理节点...</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步，共 %2 步：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping the cluster...</source>
        <translation>正在停止集群...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Comparing the checkpoints...</source>
        <translation>正在比较检查点...</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Elapsed %1</source>
        <extracomment>The time a real run has taken so far: &quot;Elapsed 2:05&quot;.</extracomment>
        <translation>已用时间 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run was cancelled: every Kafka process was stopped and the cluster&apos;s files removed.</source>
        <translation>运行已取消：每个 Kafka 进程都已停止，集群的文件已删除。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The real run failed.</source>
        <translation>真实运行失败。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Done in %1.</source>
        <translation>完成，用时 %1。</translation>
    </message>
</context>
<context>
    <name>hw::ui::RealCompareModel</name>
    <message>
        <location filename="../ui/control/realcomparemodel.cpp" line="+308"/>
        <source>%1: %2</source>
        <extracomment>A known difference of View &gt; Compare with real Kafka: its id, then its reason.</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-159"/>
        <source>Verdict</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Simulated</source>
        <translation>模拟</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka %1</source>
        <extracomment>The column of the values real Kafka was observed with; %1 is a version such as 4.4.0.</extracomment>
        <translation>Kafka %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>agree</source>
        <translation>一致</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>known</source>
        <extracomment>A difference listed as known in docs/real-kafka.md, with its reason.</extracomment>
        <translation>已知差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not compared</source>
        <translation>未比较</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>leader</source>
        <translation>领导者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leader epoch</source>
        <translation>领导者纪元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR</source>
        <translation>ISR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ELR</source>
        <translation>ELR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>last known ELR</source>
        <translation>最后已知 ELR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LEO</source>
        <translation>LEO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HW</source>
        <translation>HW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>records</source>
        <translation>记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lost records</source>
        <translation>丢失的记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+15"/>
        <source>checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>%1 replica %2</source>
        <extracomment>A replica in View &gt; Compare with real Kafka: &quot;orders-0 replica 2&quot; (the partition, the broker).</extracomment>
        <translation>%1 在代理节点 %2 上的副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>producer %1</source>
        <translation>生产者 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: %2 %3: %4 simulated, %5 on Kafka</source>
        <extracomment>One fact of View &gt; Compare with real Kafka: the verdict, where, the fact, the simulated value and the value real Kafka was observed with: &quot;≠ differs: orders-0 ISR: [1,2] simulated, [1,2,3] on Kafka&quot;.</extracomment>
        <translation>%1：%2 %3：模拟为 %4，Kafka 上为 %5</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>agree %1 · differ %2 · known %3 · not compared %4</source>
        <extracomment>The counts of View &gt; Compare with real Kafka&apos;s verdicts: &quot;agree 12 · differ 1 · known 2 · not compared 0&quot;.</extracomment>
        <translation>一致 %1 · 不同 %2 · 已知差异 %3 · 未比较 %4</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Kafka&apos;s controller moved leadership back to the preferred replica, broker 1: after a leader change it checks every leader.imbalance.check.interval.seconds (300 s; QuorumController.maybeScheduleNextBalancePartitionLeaders, auto.leader.rebalance.enable) and elects the preferred replica once it is in the ISR. The scenario reaches checkpoint 11 after 127 simulated seconds; the real run after 370 wall-clock seconds (five-broker start, eleven restarts that each wait until the broker is unfenced, the checkpoints&apos; log reads), so the check comes first on the real side only</source>
        <translation>Kafka 的控制器把领导权移回了首选副本，代理节点 1：领导者变更后，它每隔 leader.imbalance.check.interval.seconds（300 秒；QuorumController.maybeScheduleNextBalancePartitionLeaders，auto.leader.rebalance.enable）检查一次，并在首选副本进入 ISR 后选它为领导者。场景在模拟时间 127 秒后到达检查点 11；真实运行则在实际时间 370 秒后才到达（五个代理节点的启动、十一次各自等到代理节点解除屏蔽的重启、各检查点的日志读取），所以只有真实一方先做了这次检查</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Brokers 2 and 3 are killed a few milliseconds apart. The controller fences each broker.session.timeout.ms after its last heartbeat (every broker.heartbeat.interval.ms, 2 s, each broker at its own phase; BrokerHeartbeatManager fences the stalest first), and only the second fence takes the ISR below min.insync.replicas, so the broker fenced second is the one kept in the ELR. Which one that is depends on the brokers&apos; heartbeat phases: two Kafka 4.4.0 runs gave [3] and [2]; the model&apos;s brokers heartbeat in step, so broker 2, killed first, is always fenced first</source>
        <translation>代理节点 2 和 3 相隔几毫秒被终止。控制器在每个代理节点最后一次心跳之后 broker.session.timeout.ms 屏蔽它（心跳每 broker.heartbeat.interval.ms 一次，2 秒，各代理节点的相位不同；BrokerHeartbeatManager 先屏蔽最久没有心跳的），只有第二次屏蔽才使 ISR 低于 min.insync.replicas，所以第二个被屏蔽的代理节点留在 ELR 中。是哪一个取决于代理节点的心跳相位：两次 Kafka 4.4.0 运行分别得到 [3] 和 [2]；模型的代理节点同步心跳，所以先被终止的代理节点 2 总是先被屏蔽</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>the checkpoint is pending: %1</source>
        <extracomment>%1 is the scenario&apos;s own words for why its checkpoint is not quiescent (its &quot;pending&quot; text).</extracomment>
        <translation>此检查点尚未静止（pending）：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the observer did not read this log (a pending checkpoint is read without the logs)</source>
        <translation>观察器没有读取这份日志（尚未静止的检查点不读取日志）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1 is down on both sides: Kafka %2 reads a stopped replica&apos;s HW from its checkpoint file, written every replica.high.watermark.checkpoint.interval.ms (5 s), so it is a timing, not a fact</source>
        <translation>代理节点 %1 在两边都已停止：Kafka %2 从检查点文件读取已停止副本的高水位 HW，该文件每 replica.high.watermark.checkpoint.interval.ms（5 秒）写入一次，所以这是时间点的问题，而不是事实</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no broker is running, so none can be asked for the partition&apos;s metadata (the observer read the logs from the files only)</source>
        <translation>没有代理节点在运行，因此无法查询分区的元数据（观察器只从文件读取了日志）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka %1 does not report the ELR (DescribeTopicPartitions, Kafka 3.8+)</source>
        <translation>Kafka %1 不报告 ELR（DescribeTopicPartitions，Kafka 3.8+）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kafka %1 does not report the last known ELR (DescribeTopicPartitions, Kafka 3.8+)</source>
        <translation>Kafka %1 不报告最后已知 ELR（DescribeTopicPartitions，Kafka 3.8+）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the logs differ from offset %1</source>
        <translation>日志从偏移量 %1 起不同</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>pending: %1</source>
        <extracomment>Why a checkpoint is not compared; %1 is the scenario&apos;s own words for what is still pending.</extracomment>
        <translation>尚未静止（pending）：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only in the simulation: the real run has no checkpoint &quot;%1&quot;</source>
        <translation>只在模拟中：真实运行没有检查点“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only in the real run: the simulation has no checkpoint &quot;%1&quot;</source>
        <translation>只在真实运行中：模拟没有检查点“%1”</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Apache Kafka %1, observed</source>
        <extracomment>Over the view of the real run; %1 is Kafka&apos;s full version, such as 4.4.0.</extracomment>
        <translation>Apache Kafka %1，实际观察</translation>
    </message>
</context>
<context>
    <name>hw::ui::RealCompareWindow</name>
    <message>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-4"/>
        <source>Full screen, large text, high contrast; the two runs side by side, each under its label (F5, Esc to leave)</source>
        <translation>全屏、大字、高对比；两个运行并排，各自在其标签之下（F5，按 Esc 退出）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show the facts that agree</source>
        <translation>显示一致的事实</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each fact of this checkpoint in both runs: ✓ agree, ≠ differs (outlined with a ≠ badge in both drawings), ≈ a known difference with its reason, – not compared and why</source>
        <translation>这个检查点在两次运行中的每个事实：✓ 一致，≠ 不同（在两幅图中以 ≠ 标记框出），≈ 已知差异及其原因，– 未比较及其原因</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: simulated and on Apache Kafka %2 — HighWater</source>
        <extracomment>The window of View &gt; Compare with real Kafka: &quot;Leader failover: simulated and on Apache Kafka 4.4.0&quot;.</extracomment>
        <translation>%1：模拟与 Apache Kafka %2 上的运行 — HighWater</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>◆%1 (%2 of %3)</source>
        <extracomment>A checkpoint in the list of View &gt; Compare with real Kafka: &quot;◆after-kill (2 of 4)&quot;.</extracomment>
        <translation>◆%1（第 %2 个，共 %3 个）</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>%1
Why: %2</source>
        <extracomment>Under the facts of View &gt; Compare with real Kafka: the selected fact, then why (when there is a reason).</extracomment>
        <translation>%1
原因：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>HighWater, simulated</source>
        <translation>HighWater 模拟</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No checkpoints to compare</source>
        <translation>没有可比较的检查点</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Checkpoint ◆%1, %2 of %3</source>
        <extracomment>The heading of the facts in View &gt; Compare with real Kafka: &quot;Checkpoint ◆after-kill, 2 of 4&quot;.</extracomment>
        <translation>检查点 ◆%1，第 %2 个，共 %3 个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not compared: %1</source>
        <translation>未比较：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All checkpoints: %1</source>
        <extracomment>The whole comparison&apos;s counts, under the checkpoint bar: &quot;All checkpoints: agree 40 · differ 1 · ...&quot;.</extracomment>
        <translation>所有检查点：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Frame %1 · %2 ms simulated</source>
        <extracomment>Beside &quot;HighWater, simulated&quot;, over the simulated drawing: &quot;Frame 29 · 1548 ms simulated&quot;.</extracomment>
        <translation>第 %1 帧 · 模拟时间 %2 毫秒</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The simulation has no checkpoint ◆%1.</source>
        <translation>模拟中没有检查点 ◆%1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 s after the cluster was up</source>
        <extracomment>When a checkpoint was observed on the real cluster: &quot;83 s after the cluster was up&quot;.</extracomment>
        <translation>集群启动后 %1 秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The real run did not reach checkpoint ◆%1.</source>
        <translation>真实运行没有到达检查点 ◆%1。</translation>
    </message>
</context>
<context>
    <name>hw::ui::SandboxDialog</name>
    <message>
        <location filename="../ui/shell/sandboxdialog.cpp" line="+43"/>
        <source>New sandbox</source>
        <translation>新建沙盒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A cluster of your own with nothing scripted: its first %1 seconds run on their own (heartbeats, fetches), then act on it from the control panel and the context menus, step through what happens, and save it as a scenario.</source>
        <translation>一个你自己的集群，没有预先写好的脚本：它的前 %1 秒会自行运转（心跳、Fetch），接着用控制面板和右键菜单操作它，逐步观察发生的事，并把它保存成场景。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Kafka %1 (default)</source>
        <translation>Kafka %1（默认）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kafka %1</source>
        <translation>Kafka %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The release whose rules the cluster follows: elections, the ISR, restarts and fencing as that version has them (cluster.kafka_version)</source>
        <translation>集群所遵循规则的版本：选举、ISR、重启与屏蔽，都按该版本的做法（cluster.kafka_version）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Topic names separated by commas</source>
        <translation>以逗号分隔的主题名称</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Allow unclean leader election</source>
        <translation>允许非干净领导者选举</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Followers fetch on their own (auto.fetch)</source>
        <translation>跟随者副本自动 Fetch（auto.fetch）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>all</source>
        <translation>all</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0</source>
        <translation>0</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kafka version</source>
        <translation>Kafka 版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Brokers</source>
        <translation>代理节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topics</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Partitions per topic</source>
        <translation>每个主题的分区数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replication factor</source>
        <translation>副本因子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min.insync.replicas</source>
        <translation>min.insync.replicas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Network latency</source>
        <translation>网络延迟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producers</source>
        <translation>生产者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer acks</source>
        <translation>生产者 acks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumer groups</source>
        <translation>消费者组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumers per group</source>
        <translation>每组的消费者数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spare consumers per group (added later)</source>
        <translation>每组的备用消费者（稍后加入）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Create</source>
        <translation>建立</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Give the sandbox a name.</source>
        <translation>请为沙盒取个名称。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The name is longer than %1 bytes.</source>
        <translation>名称超过 %1 个字节。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A cluster has 1 to %1 brokers.</source>
        <translation>集群有 1 到 %1 个代理节点。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A topic name is empty: write names separated by commas, such as &quot;orders, payments&quot;.</source>
        <translation>有一个主题名称是空的：请以逗号分隔名称，例如“orders, payments”。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;%1&quot; is not a valid topic name: use letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (at most %2).</source>
        <translation>“%1”不是有效的主题名称：请使用字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;（最多 %2 个）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&quot;%1&quot; starts with &quot;__&quot;, which Kafka keeps for its internal topics.</source>
        <translation>“%1”以“__”开头，Kafka 将这种名称保留给内部主题。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The topic &quot;%1&quot; is listed twice.</source>
        <translation>主题“%1”列出了两次。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>At most %1 topics; you listed %2.</source>
        <translation>最多 %1 个主题；你列出了 %2 个。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A topic has 1 to %1 partitions.</source>
        <translation>每个主题有 1 到 %1 个分区。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A replication factor of %1 needs at least %1 brokers, one per replica; the cluster has %2. Lower the replication factor or add brokers.</source>
        <translation>副本因子 %1 需要至少 %1 个代理节点，每个副本一个；集群只有 %2 个。请降低副本因子或增加代理节点。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The replication factor is at least 1.</source>
        <translation>副本因子至少为 1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At most %1 producers.</source>
        <translation>最多 %1 个生产者。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 groups of %2 consumers make %3 consumers; at most %4 fit.</source>
        <translation>%1 个消费者组、每组 %2 个消费者，共 %3 个消费者；最多只能容纳 %4 个。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A consumer group needs at least one consumer.</source>
        <translation>消费者组至少需要一个消费者。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>min.insync.replicas %1 is larger than the replication factor %2: every acks=all produce will be refused with NOT_ENOUGH_REPLICAS.</source>
        <translation>min.insync.replicas %1 大于副本因子 %2：每个 acks=all 的发送都会因 NOT_ENOUGH_REPLICAS 被拒绝。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>With one replica per partition there are no followers: nothing is replicated.</source>
        <translation>每个分区只有一个副本时没有跟随者副本：什么都不会被复制。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>min.insync.replicas equals the replication factor: one slow or dead follower stops acks=all produces.</source>
        <translation>min.insync.replicas 等于副本因子：只要有一个跟随者副本变慢或失效，acks=all 的发送就会停止。</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Cannot create: %1</source>
        <translation>无法建立：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
</context>
<context>
    <name>hw::ui::ScenarioLibraryDialog</name>
    <message>
        <location filename="../ui/shell/scenariolibrarydialog.cpp" line="+19"/>
        <source>Scenario library</source>
        <translation>场景库</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Open a file...</source>
        <translation>打开文件...</translation>
    </message>
</context>
<context>
    <name>hw::ui::SimController</name>
    <message>
        <location filename="../ui/control/simcontroller.cpp" line="+112"/>
        <source>The scenario stops early: %1</source>
        <translation>场景提前结束：%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The session is not an observed one.</source>
        <translation>这个会话不是观察所得。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Observing a real cluster: read-only</source>
        <translation>正在观察真实集群：只读</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>The run stopped at frame %1 (%2 s simulated): its history reached the memory budget of %3. Earlier frames stay; act at an earlier frame to continue from there.</source>
        <translation>运行停在第 %1 帧（模拟时间 %2 秒）：它的历史记录已达到 %3 的内存预算。之前的帧都会保留；在更早的帧执行操作即可从那里继续。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Nothing is left to happen: no message or timer is queued.</source>
        <translation>已经没有事情会发生：没有排队中的消息或计时器。</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>Paused at checkpoint %1. Press Play to go on.</source>
        <translation>已在检查点 %1 暂停。按播放即可继续。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>End of the run. Play &gt; Run on 10 s lets the simulation go on (Undo takes it back).</source>
        <translation>运行到尽头了。播放 &gt; 继续运行 10 秒 可让模拟继续（撤销可收回）。</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Frame %1 is older than what the session saved before its oldest frames were dropped; act at the last frame.</source>
        <translation>第 %1 帧早于会话在丢弃最旧的帧之前已保存的部分；请在最后一帧执行操作。</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>The history reached its memory budget of %1: frames before %2 (%3 simulated) were dropped. Serving goes on.</source>
        <translation>历史记录已达到 %1 的内存预算：第 %2 帧（模拟时间 %3）之前的帧已丢弃。服务继续进行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Frame %1, which was shown, is gone: showing frame %2, the oldest kept.</source>
        <translation>正在显示的第 %1 帧已丢弃：改为显示保留的最旧一帧，第 %2 帧。</translation>
    </message>
</context>
<context>
    <name>hw::ui::TeachingAids</name>
    <message>
        <location filename="../ui/teaching/teachingaids.cpp" line="+159"/>
        <source>Glossary</source>
        <translation>词汇表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terms and definitions, with the textbook&apos;s simplifications</source>
        <translation>术语与定义，以及教科书的简化之处</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+44"/>
        <source>&amp;Theme</source>
        <translation>外观主题(&amp;T)</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High contrast</source>
        <translation>高对比度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Black on white with thicker lines, for projectors</source>
        <translation>白底黑字、线条较粗，适合投影仪</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="-89"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-303"/>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Full screen, large text, high contrast; only the timeline and the narration (F5, Esc to leave)</source>
        <translation>全屏、大字、高对比度；只显示时间轴和解说（F5，按 Esc 离开）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <source>Leave presentation mode</source>
        <translation>离开演示模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <source>&amp;Blank the screen</source>
        <translation>遮住画面(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <source>Cover the drawing with black, as a presenter remote does (&apos;.&apos; or B; again to show it)</source>
        <translation>像翻页条一样以黑色遮住图（按 &apos;.&apos; 或 B；再按一次显示）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>↻ Followers now fetch on their own, as every Kafka follower does. You acted beyond the scripted steps, so auto.fetch was switched on (Undo switches it off).</source>
        <translation>↻ 跟随者现在会自行 Fetch，就像每个 Kafka 跟随者一样。你的操作超出了脚本的步骤，所以 auto.fetch 已开启（撤销可关闭）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>↻ Followers now fetch on their own, as every Kafka follower does: actions beyond the scripted steps switched auto.fetch on.</source>
        <translation>↻ 跟随者现在会自行 Fetch，就像每个 Kafka 跟随者一样：超出脚本步骤的操作开启了 auto.fetch。</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+37"/>
        <source>&amp;Cells</source>
        <translation>格子内容(&amp;C)</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>As the scenario asks</source>
        <extracomment>View &gt; Cells: each cell says what the scenario asks for (its &quot;display&quot;; offsets if it asks nothing).</extracomment>
        <translation>依场景的设定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Offsets</source>
        <translation>偏移量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Values</source>
        <translation>记录的值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Offsets and values</source>
        <extracomment>View &gt; Cells: the record&apos;s value, with its offset in the cell&apos;s corner.</extracomment>
        <translation>偏移量与值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P&amp;redict mode</source>
        <translation>预测模式(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>After a checkpoint, hide the next LEO and HW values until the class has guessed them</source>
        <translation>在检查点之后，隐藏下一步的 LEO 和 HW 值，直到全班猜完</translation>
    </message>
</context>
<context>
    <name>hw::ui::TimelineBar</name>
    <message>
        <location filename="../ui/panels/timelinebar.cpp" line="+59"/>
        <source>Timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>E</source>
        <comment>timeline marker: election</comment>
        <translation>选</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>I</source>
        <comment>timeline marker: ISR change</comment>
        <translation>I</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>!</source>
        <comment>timeline marker: data loss</comment>
        <translation>!</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>D</source>
        <comment>timeline marker: duplicate batch</comment>
        <translation>重</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Frame %1: checkpoint %2</source>
        <translation>第 %1 帧：检查点 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: checkpoint %2 (%3)</source>
        <extracomment>A checkpoint&apos;s label (%2) and its number on the timeline (%3, &quot;#3&quot;).</extracomment>
        <translation>第 %1 帧：检查点 %2（%3）</translation>
    </message>
    <message>
        <location line="+267"/>
        <source>Frame %1: a new leader</source>
        <translation>第 %1 帧：新的领导者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: the ISR changes</source>
        <translation>第 %1 帧：ISR 变更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: records removed or lost</source>
        <translation>第 %1 帧：记录被移除或丢失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: a duplicate batch, answered with its original offsets</source>
        <translation>第 %1 帧：重复的批次，以原来的偏移量回复</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Frame %1: the oldest frame kept; the frames before it were dropped to stay within the memory budget</source>
        <translation>第 %1 帧：保留的最旧一帧；之前的帧已为了不超过内存预算而丢弃</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Frame %1</source>
        <translation>第 %1 帧</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <location line="+16"/>
        <source>and %n more</source>
        <comment>timeline tooltip: lines left out</comment>
        <translation>
            <numerusform>还有 %n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::TimelinePanel</name>
    <message>
        <location filename="../ui/panels/timelinepanel.cpp" line="+43"/>
        <source>1/%1x</source>
        <translation>1/%1x</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>View:</source>
        <translation>视图：</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Simulated time per real second, from 1/100x to 10x</source>
        <translation>每一真实秒对应的模拟时间，从 1/100x 到 10x</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>History from %1; older frames dropped (memory budget %2)</source>
        <extracomment>Beside the timeline once the live lab dropped its oldest frames: %1 is the simulated time of the oldest frame kept (&quot;31:20&quot;), %2 the memory budget (&quot;4 GiB&quot;).</extracomment>
        <translation>历史记录从 %1 开始；较旧的帧已丢弃（内存预算 %2）</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+21"/>
        <source>Frame %1 of %2 · %3 ms</source>
        <translation>第 %1 帧，共 %2 帧 · %3 毫秒</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>The live lab keeps serving at its memory budget of %1: the history starts at frame %2 (%3 simulated), and the frames before it were dropped.</source>
        <translation>实时实验室在达到 %1 的内存预算时继续服务：历史记录从第 %2 帧（模拟时间 %3）开始，之前的帧已丢弃。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Checkpoint %1</source>
        <translation>检查点 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="+79"/>
        <source>See and teach how Kafka replicates data.</source>
        <translation>观察并讲解 Kafka 如何复制数据。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A scenario file or builtin:NAME to open.</source>
        <translation>要打开的场景文件，或 builtin:名称。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save an image of the window and quit.</source>
        <translation>保存窗口的图片后结束。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start at the checkpoint with this label.</source>
        <translation>从这个标签的检查点开始。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start in the partition or the cluster view.</source>
        <translation>以分区视图或集群视图开始。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The window&apos;s size, such as 1280x720.</source>
        <translation>窗口大小，例如 1280x720。</translation>
    </message>
</context>
</TS>
