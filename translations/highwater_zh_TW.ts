<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
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
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kill broker %1</source>
        <translation>終止代理節點 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power off broker %1 (host down, silent)</source>
        <translation>讓代理節點 %1 斷電（主機停機，無聲無息）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restart broker %1</source>
        <translation>重新啟動代理節點 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart broker %1, losing its last unflushed record</source>
        <translation>重新啟動代理節點 %1，遺失最後一筆未刷寫的記錄</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shut down broker %1 (controlled)</source>
        <translation>關閉代理節點 %1（受控關閉）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Isolate broker %1</source>
        <translation>隔離代理節點 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heal broker %1</source>
        <translation>恢復代理節點 %1 的網路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slow broker %1&apos;s links</source>
        <translation>放慢代理節點 %1 的連線</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Normal latency</source>
        <translation>正常延遲</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Partition %1</source>
        <translation>分區 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kill the leader of %1</source>
        <translation>終止 %1 的領導者副本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Elect the preferred leader (broker %1)</source>
        <translation>選舉優先領導者（代理節點 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election for %1 (ElectLeaders)</source>
        <translation>對 %1 進行非乾淨選舉（ElectLeaders）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Produce &quot;m%1&quot; to %2 (producer %3)</source>
        <translation>將「m%1」發送到 %2（生產者 %3）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show %1 in the partition view</source>
        <translation>在分區視圖中顯示 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Consumer %1</source>
        <translation>消費者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start %1</source>
        <translation>啟動 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add %1 to its group</source>
        <translation>將 %1 加入其消費者組</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop %1</source>
        <translation>停止 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove %1 from its group</source>
        <translation>將 %1 移出其消費者組</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Crash %1</source>
        <translation>讓 %1 當機</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Poll %1</source>
        <translation>%1 拉取（poll）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Commit %1&apos;s positions</source>
        <translation>提交 %1 的消費位置</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let the followers catch up</source>
        <translation>讓跟隨者副本追上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Advance the clock %1 ms</source>
        <translation>時鐘前進 %1 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min.insync.replicas</source>
        <translation>min.insync.replicas</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Disable unclean leader election</source>
        <translation>停用非乾淨領導者選舉（unclean）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enable unclean leader election</source>
        <translation>啟用非乾淨領導者選舉（unclean）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Follower on broker %1</source>
        <translation>代理節點 %1 上的跟隨者副本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run one fetch round of this follower</source>
        <translation>讓這個跟隨者副本執行一輪 Fetch</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Produce &quot;m%1&quot; to %2</source>
        <translation>將「m%1」發送到 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Group %1</source>
        <translation>消費者組 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add a consumer to this group…</source>
        <translation>新增消費者到這個消費者組…</translation>
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
        <translation>ISR 恰為最小值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under min ISR</source>
        <translation>ISR 低於最小值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>offline</source>
        <translation>離線</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>NO ANSWER</source>
        <extracomment>An observed broker that did not answer this poll&apos;s requests (the cluster still lists it).</extracomment>
        <translation>無回應</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GONE</source>
        <extracomment>An observed broker the cluster no longer lists (it left, or was unregistered).</extracomment>
        <translation>已離開</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+57"/>
        <location line="+76"/>
        <source>leaders: %1</source>
        <translation>領導者：%1</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+60"/>
        <location line="+76"/>
        <source>followers: %1</source>
        <translation>跟隨者：%1</translation>
    </message>
    <message numerus="yes">
        <location line="-135"/>
        <location line="+64"/>
        <source>%n topic(s) ›</source>
        <extracomment>The end of a broker&apos;s card in the large cluster view: how many topics it holds; clicking opens them.</extracomment>
        <translation>
            <numerusform>%n 個主題 ›</numerusform>
        </translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="+43"/>
        <location line="+68"/>
        <source>offline: %1</source>
        <translation>離線：%1</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+68"/>
        <source>under min ISR: %1</source>
        <translation>ISR 低於最小值：%1</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+68"/>
        <source>at min ISR: %1</source>
        <translation>ISR 恰為最小值：%1</translation>
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
            <numerusform>全部 %n 個健康</numerusform>
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
            <numerusform>此處 %n 個分區</numerusform>
        </translation>
    </message>
    <message>
        <location line="+51"/>
        <source>no leader</source>
        <translation>沒有領導者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leader %1 (epoch %2)</source>
        <translation>領導者 %1（紀元 %2）</translation>
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
        <translation>最後已知 ELR %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>here: LEO %1 · HW %2</source>
        <translation>此處：LEO %1 · HW %2</translation>
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
        <translation>點一列，或按上/下鍵再按 Enter 打開；Esc 或 Backspace 返回上一層。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a broker or press Up/Down and Enter to open it: its topics, then their partitions.</source>
        <translation>點一個代理節點，或按上/下鍵再按 Enter 打開：先是它的主題，再是主題的分區。</translation>
    </message>
</context>
<context>
    <name>AggregateLayout</name>
    <message numerus="yes">
        <location filename="../ui/scene/aggregatelayout.cpp" line="+35"/>
        <source>%n broker(s)</source>
        <translation>
            <numerusform>%n 個代理節點</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n topic(s)</source>
        <translation>
            <numerusform>%n 個主題</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n partition(s)</source>
        <translation>
            <numerusform>%n 個分區</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Observed cluster %1</source>
        <extracomment>The large cluster view&apos;s heading for a real cluster: its cluster id (%1), then its size.</extracomment>
        <translation>觀察中的集群 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>observed every %1 ms · this poll took %2 ms</source>
        <translation>每 %1 毫秒觀察一次 · 這次輪詢用了 %2 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STRETCHED: the poll outlasted the interval</source>
        <translation>已延長：輪詢超過了間隔</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fencing not known (Kafka before 4.0)</source>
        <translation>封鎖狀態未知（Kafka 4.0 之前）</translation>
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
        <translation>所有代理節點</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <location filename="../ui/control/autosave.cpp" line="+44"/>
        <source>&quot;%1&quot; is not a whole number of at least %2</source>
        <translation>「%1」不是不小於 %2 的整數</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>the session has %1 operations, fewer than the %2 of the scenario&apos;s own run</source>
        <translation>工作階段只有 %1 個操作，少於情境本身執行的 %2 個</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>cannot create the folder %1</source>
        <translation>無法建立資料夾 %1</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>not a complete autosave (%1 at byte %2)</source>
        <translation>不是完整的自動儲存檔（第 %2 位元組：%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not an autosave: expected a JSON object</source>
        <translation>不是自動儲存檔：應為 JSON 物件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;format&quot; is not %1</source>
        <translation>「format」不是 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>frame %1 and %2 scripted frames do not fit in %3 frames</source>
        <translation>第 %1 幀與 %2 個腳本幀超出了 %3 幀</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&quot;%1&quot; is missing</source>
        <translation>缺少「%1」</translation>
    </message>
</context>
<context>
    <name>BrokerItem</name>
    <message>
        <location filename="../ui/scene/brokeritem.cpp" line="+44"/>
        <location line="+83"/>
        <source>Broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="-97"/>
        <source>slowed: %1 ms</source>
        <translation>已放慢：%1 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shutting down</source>
        <translation>正在關閉</translation>
    </message>
</context>
<context>
    <name>BrokerStatus</name>
    <message>
        <location filename="../ui/scene/clusterfacts.cpp" line="+45"/>
        <source>ONLINE</source>
        <translation>在線</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OFFLINE</source>
        <translation>離線</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISOLATED</source>
        <translation>網路隔離</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FENCED</source>
        <translation>已封鎖</translation>
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
        <translation>選舉後截斷</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unclean election</source>
        <translation>非乾淨選舉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>high-watermark truncation</source>
        <translation>截斷到高水位</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unflushed</source>
        <translation>未刷入磁碟</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>election</source>
        <comment>ghost cell</comment>
        <translation>選舉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unclean</source>
        <comment>ghost cell</comment>
        <translation>非乾淨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HW trunc.</source>
        <comment>ghost cell</comment>
        <translation>HW 截斷</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unflushed</source>
        <comment>ghost cell</comment>
        <translation>未刷盤</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unflushed at power loss</source>
        <comment>lost record: cause</comment>
        <translation>斷電時未刷入磁碟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>acks=1, acknowledged before it was replicated</source>
        <comment>lost record: cause</comment>
        <translation>acks=1，複製前就已確認</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>never reached the new leader</source>
        <comment>lost record: cause</comment>
        <translation>從未到達新的領導者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no physical cause</source>
        <comment>lost record: cause</comment>
        <translation>沒有物理原因</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>unclean election</source>
        <comment>lost record: election</comment>
        <translation>非乾淨選舉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>last known leader elected (ELR)</source>
        <comment>lost record: election</comment>
        <translation>選出最後已知領導者（ELR）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>truncated to the high watermark</source>
        <comment>lost record: election</comment>
        <translation>截斷到高水位</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>clean election</source>
        <comment>lost record: election</comment>
        <translation>乾淨選舉</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no election</source>
        <comment>lost record: election</comment>
        <translation>沒有選舉</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 offset %2: %3 (acks=%4), lost: %5; %6</source>
        <extracomment>A lost record: partition, offset, value, acks, then what happened to its bytes and the election that dropped it: &quot;events-0 offset 2: B1 (acks=all), lost: unflushed at power loss; last known leader elected (ELR)&quot;.</extracomment>
        <translation>%1 偏移量 %2：%3（acks=%4），遺失：%5；%6</translation>
    </message>
</context>
<context>
    <name>ClusterLayout</name>
    <message numerus="yes">
        <location filename="../ui/scene/clusterlayout.cpp" line="+200"/>
        <source>Kafka %1 cluster: %n broker(s)</source>
        <extracomment>The cluster view&apos;s heading: the Kafka version (%1, &quot;4.2&quot;) and the number of brokers.</extracomment>
        <translation>
            <numerusform>Kafka %1 集群：%n 個代理節點</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n topic(s)</source>
        <translation>
            <numerusform>%n 個主題</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n partition(s)</source>
        <translation>
            <numerusform>%n 個分區</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>observed cluster %1 · every %2 ms · this poll took %3 ms</source>
        <translation>觀察中的集群 %1 · 每 %2 毫秒 · 這次輪詢用了 %3 毫秒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>STRETCHED: the poll outlasted the interval</source>
        <translation>已延長：輪詢超過了間隔</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>min.insync.replicas %1 · unclean leader election %2 · network latency %3 ms</source>
        <translation>min.insync.replicas %1 · 非乾淨領導者選舉 %2 · 網路延遲 %3 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on</source>
        <translation>開</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>關</translation>
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
        <translation>消費者尚不可見</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>new leader epoch</source>
        <translation>新的領導者紀元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>diverged from the leader</source>
        <translation>與領導者分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>removed by a truncation</source>
        <translation>被截斷移除</translation>
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
        <translation>領導者對跟隨者的記錄</translation>
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
        <translation>OSR：失去同步（斜線）</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>OFFLINE broker</source>
        <translation>離線的代理節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ISOLATED broker</source>
        <translation>網路隔離的代理節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+15"/>
        <source>FENCED broker</source>
        <translation>被封鎖的代理節點</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>message in flight</source>
        <translation>傳輸中的消息</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>LEO; &quot;LEO ?&quot;: not told in this poll</source>
        <translation>LEO；「LEO ?」：這次輪詢沒有讀到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replica HW; HW &gt; LEO: read in two requests, a poll is not atomic</source>
        <translation>副本 HW；HW &gt; LEO：用兩個請求讀取，輪詢不是原子的</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GONE broker: no longer registered</source>
        <translation>已離開的代理節點：不再註冊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NO ANSWER broker: did not answer this poll</source>
        <translation>無回應的代理節點：沒有回應這次輪詢</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+7"/>
        <source>ELR: eligible leader replica (out of sync, safe to elect)</source>
        <translation>ELR：合格領導者副本（未同步，但可安全選為領導者）</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+7"/>
        <source>LAST LEADER: last known leader</source>
        <translation>最後領導者：最後已知的領導者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>RECOVERING: the leader came from an unclean election and has not yet confirmed its log</source>
        <translation>RECOVERING：領導者由非乾淨選舉產生，尚未確認它的日誌</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>consumer reads this partition (from its leader)</source>
        <translation>消費者讀取此分區（從其領導者）</translation>
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
        <translation>尋找協調者</translation>
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
        <translation>穩定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CRASHED</source>
        <translation>已當機</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+15"/>
        <source>Consumer %1</source>
        <translation>消費者 %1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 (position not known yet)</source>
        <translation>%1（位置尚未知）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 at ?, lag ?</source>
        <translation>%1 在&#xa0;?，落後 ?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 at %2 (no leader)</source>
        <translation>%1 在&#xa0;%2（無領導者）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 at %2, lag %3</source>
        <translation>%1 在&#xa0;%2，落後 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>owns no partitions</source>
        <translation>沒有分配到分區</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not running</source>
        <translation>未執行</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>(and %n more line(s))</source>
        <translation>
            <numerusform>（還有 %n 行）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>(%n more line(s) in the inspector)</source>
        <translation>
            <numerusform>（另有 %n 行在檢視器中）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ControllerItem</name>
    <message>
        <location filename="../ui/scene/controlleritem.cpp" line="+45"/>
        <location line="+18"/>
        <source>Controller (node %1)</source>
        <translation>控制器（節點 %1）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Controller (not observed)</source>
        <translation>控制器（未觀察）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fenced brokers: none</source>
        <translation>被封鎖的代理節點：無</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fenced brokers: %1</source>
        <translation>被封鎖的代理節點：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Partitions without a leader: %1</source>
        <translation>沒有領導者的分區：%1</translation>
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
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+47"/>
        <source>Drawn by HighWater</source>
        <translation>由 HighWater 繪製</translation>
    </message>
    <message>
        <location filename="../ui/export/exportfiles.cpp" line="-140"/>
        <source>cannot write to standard output: %1</source>
        <translation>無法寫入標準輸出：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cannot write %1: the directory %2 does not exist</source>
        <translation>無法寫入 %1：目錄 %2 不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot write %1: %2 is a file, not a directory</source>
        <translation>無法寫入 %1：%2 是一個檔案，不是目錄</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 is %2; a sequence of frames needs a directory</source>
        <translation>%1 是%2；一系列的幀需要一個目錄</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 holds files that are not frames of an export (%2); export the frames into a new or empty directory, or one that holds only frame-NNNNNN.png and .svg files</source>
        <translation>%1 含有不是匯出幀的檔案（%2）；請將幀匯出到新的或空的目錄，或只含有 frame-NNNNNN.png 和 .svg 檔案的目錄</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>another export is writing frames into %1 now; wait for it to finish, or export into another directory</source>
        <translation>另一個匯出正在將幀寫入 %1；請等它完成，或匯出到另一個目錄</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>cannot remove %1: %2</source>
        <translation>無法刪除 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+26"/>
        <source>no output path</source>
        <translation>沒有輸出路徑</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>the size must be %1 to %2 pixels a side, got %3x%4</source>
        <translation>每邊大小必須是 %1 到 %2 像素，目前是 %3x%4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the scale must be %1 to %2, got %3</source>
        <translation>縮放倍數必須是 %1 到 %2，目前是 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a scale applies to PNG images only (SVG and PDF are drawn as vectors)</source>
        <translation>縮放只適用於 PNG 圖片（SVG 和 PDF 以向量繪製）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the scaled image would be larger than %1 pixels a side</source>
        <translation>縮放後的圖片每邊會超過 %1 像素</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a transparent background is possible in PNG and SVG only</source>
        <translation>只有 PNG 和 SVG 可以使用透明背景</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a caption band is for PNG, SVG and GIF: a PDF handout has its caption on every page</source>
        <translation>圖說欄只用於 PNG、SVG 和 GIF：PDF 講義的每一頁都有自己的說明</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>choose a frame rate or a speed, not both</source>
        <translation>請選擇影格速率或播放速度，不要兩者都選</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a frame rate or speed applies to GIF animations only</source>
        <translation>影格速率或播放速度只適用於 GIF 動畫</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the frame rate must be %1 to %2 frames per second</source>
        <translation>影格速率必須是每秒 %1 到 %2 幀</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the speed must be %1 to %2 times simulated time</source>
        <translation>播放速度必須是模擬時間的 %1 到 %2 倍</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>there are no frames to export</source>
        <translation>沒有可匯出的幀</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 frames are too many to export at once (at most %2)</source>
        <translation>%1 幀太多，無法一次匯出（最多 %2 幀）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 pages are too many for one PDF (at most %2)</source>
        <translation>%1 頁太多，無法放進一個 PDF（最多 %2 頁）</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>frame %1 was dropped to stay within the memory budget: the history keeps frames %2..%3</source>
        <translation>第 %1 幀已為了不超過記憶體預算而捨棄：歷史記錄保留第 %2..%3 幀</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>frame %1 is out of range (%2..%3)</source>
        <translation>第 %1 幀超出範圍（%2..%3）</translation>
    </message>
    <message>
        <location filename="../ui/export/exportcaption.cpp" line="+94"/>
        <source>Checkpoint %1 · frame %2 · %3 ms · Kafka %4</source>
        <extracomment>An exported image&apos;s caption: the checkpoint&apos;s label, the frame, its simulated time, the Kafka version.</extracomment>
        <translation>檢查點 %1 · 第 %2 幀 · %3 毫秒 · Kafka %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Frame %1 · %2 ms · Kafka %3</source>
        <extracomment>An exported image&apos;s caption: the frame, its simulated time, the Kafka version.</extracomment>
        <translation>第 %1 幀 · %2 毫秒 · Kafka %3</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+67"/>
        <source>%1 frames go into a directory, one file each, not to standard output: give a directory, or export one GIF or PDF</source>
        <translation>%1 幀要寫入一個目錄，每幀一個檔案，不能寫到標準輸出：請指定一個目錄，或匯出成一個 GIF 或 PDF</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 frames go into a directory, one file each: %2 names a file</source>
        <translation>%1 幀要寫入一個目錄，每幀一個檔案：%2 是一個檔案名稱</translation>
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
        <translation>檢查點 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Frame %1</source>
        <translation>第 %1 幀</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (frame %1, %2 ms)</source>
        <extracomment>Under a drawing in a PDF handout: the frame number and its simulated time.</extracomment>
        <translation>（第 %1 幀，%2 毫秒）</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+8"/>
        <location line="+12"/>
        <source>cannot encode the GIF: %1</source>
        <translation>無法編碼 GIF：%1</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>the GIF would be larger than %1 MiB; export fewer or smaller frames</source>
        <translation>GIF 會超過 %1 MiB；請匯出較少或較小的幀</translation>
    </message>
    <message>
        <location filename="../ui/export/exportpanels.cpp" line="+71"/>
        <source>views side by side can be exported as PNG, SVG or PDF</source>
        <translation>並列的視圖可匯出為 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a view to export has no frame or is smaller than %1 pixels a side</source>
        <translation>要匯出的視圖沒有畫面，或某一邊小於 %1 像素</translation>
    </message>
    <message>
        <location filename="../ui/export/exporter.cpp" line="+24"/>
        <source>the charts can be exported as PNG, SVG or PDF</source>
        <translation>圖表可以匯出為 PNG、SVG 或 PDF</translation>
    </message>
</context>
<context>
    <name>FileErrors</name>
    <message>
        <location filename="../ui/base/fileerrors.cpp" line="+10"/>
        <source>a regular file</source>
        <translation>一般檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a directory</source>
        <translation>目錄</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a character device</source>
        <translation>字元裝置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a block device</source>
        <translation>區塊裝置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a named pipe (FIFO)</source>
        <translation>具名管道（FIFO）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a socket</source>
        <translation>通訊端（socket）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>something other than a file</source>
        <translation>不是檔案的東西</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1, not a regular file</source>
        <extracomment>A file the app refuses to replace: %1 is what it is, such as &quot;a character device&quot;.</extracomment>
        <translation>%1，不是一般檔案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a symbolic link to %1, which does not exist</source>
        <translation>指向不存在的 %1 的符號連結</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a symbolic link to %1 that cannot be followed: %2</source>
        <translation>無法追蹤的符號連結，指向 %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a symbolic link to %1, which is %2, not a regular file</source>
        <extracomment>%1 is where the link points, %2 what is there, such as &quot;a character device&quot;.</extracomment>
        <translation>指向 %1 的符號連結，那是%2，不是一般檔案</translation>
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
        <translation>準備再平衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>COMPLETING REBALANCE</source>
        <translation>完成再平衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STABLE</source>
        <translation>穩定</translation>
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
        <translation>不屬於任何組的消費者</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+20"/>
        <source>Group %1</source>
        <translation>消費者組 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no coordinator</source>
        <translation>沒有協調者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>coordinator broker %1</source>
        <translation>協調者：代理節點 %1</translation>
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
        <translation>沒有領導者：沒有 HW，無法讀取；每個副本保留自己的 HW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Partition HW %1: consumers read offsets below %1</source>
        <translation>分區 HW %1：消費者讀取 %1 之前的偏移量</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Partition HW ?</source>
        <translation>分區 HW ?</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Partition HW ?: this poll did not read the leader&apos;s HW</source>
        <translation>分區 HW ?：這次輪詢沒有讀到領導者的 HW</translation>
    </message>
</context>
<context>
    <name>LiveClientsItem</name>
    <message>
        <location filename="../ui/scene/liveclientsitem.cpp" line="+95"/>
        <source>LIVE · group %1 × %2</source>
        <extracomment>Many real clients of one consumer group (%1): how many connections (%2). LIVE: real, not simulated.</extracomment>
        <translation>即時 · 消費者組 %1 × %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LIVE · group %1 × %2 → %3</source>
        <extracomment>Many real clients of one consumer group (%1): how many connections (%2) and the topics they read (%3).</extracomment>
        <translation>即時 · 消費者組 %1 × %2 → %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>LIVE · producing to %1 × %2</source>
        <extracomment>Many real producers: the topic they produce to (%1) and how many connections (%2).</extracomment>
        <translation>即時 · 寫入主題 %1 的生產者 × %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LIVE · reading %1 without a group × %2</source>
        <extracomment>Many real consumers that assign themselves partitions (no consumer group): the topic (%1), how many (%2).</extracomment>
        <translation>即時 · 讀取 %1（無消費者組）× %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LIVE · no data yet × %1</source>
        <extracomment>Real clients that only asked for metadata so far (an admin, or a client starting): how many (%1).</extracomment>
        <translation>即時 · 尚無資料 × %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>LIVE · %n more client(s) in other groups and topics</source>
        <extracomment>The real clients that the lines above do not show, in other groups or topics.</extracomment>
        <translation>
            <numerusform>即時 · 另有 %n 個客戶端在其他消費者組與主題</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>LIVE · %1 → broker %2</source>
        <extracomment>A real client in the cluster view before its first request: its address and its broker. LIVE says in words that it is real, not simulated.</extracomment>
        <translation>即時 · %1 → 代理節點 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LIVE · %1 · %2 → broker %3</source>
        <extracomment>A real client in the cluster view: its client.id (%1), its address (%2) and its broker (%3).</extracomment>
        <translation>即時 · %1 · %2 → 代理節點 %3</translation>
    </message>
    <message numerus="yes">
        <location line="+46"/>
        <source>LIVE: %n real client(s)</source>
        <translation>
            <numerusform>即時：%n 個真實客戶端</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MessageText</name>
    <message>
        <location filename="../ui/scene/messagetext.cpp" line="+12"/>
        <source>broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the controller</source>
        <translation>控制器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>producer %1</source>
        <translation>生產者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a producer</source>
        <translation>某個生產者</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>consumer %1</source>
        <translation>消費者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a consumer</source>
        <translation>某個消費者</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>live client %1</source>
        <translation>即時客戶端 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a live client</source>
        <translation>一個即時客戶端</translation>
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
        <translation>錯誤：%1</translation>
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
        <translation>分歧：epoch %1 結束於 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Record %1, HW %2</source>
        <translation>記錄 %1，HW %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records %1..%2, HW %3</source>
        <translation>記錄 %1..%2，HW %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No records, HW %1</source>
        <translation>沒有記錄，HW %1</translation>
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
        <translation>Heartbeat 回覆</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>__consumer_offsets-%1: leader %2</source>
        <translation>__consumer_offsets-%1：領導者 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No leader, epoch %1</source>
        <translation>沒有領導者，epoch %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader %1, epoch %2</source>
        <translation>領導者 %1，epoch %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FindCoordinator</source>
        <translation>FindCoordinator</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No coordinator</source>
        <translation>沒有協調者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coordinator: broker %1</source>
        <translation>協調者：代理節點 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 reply</source>
        <translation>%1 回覆</translation>
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
        <translation>連線中斷</translation>
    </message>
</context>
<context>
    <name>Narration</name>
    <message numerus="yes">
        <location filename="../core/scenario/narration.cpp" line="+161"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 筆記錄</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no records</source>
        <translation>沒有記錄</translation>
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
        <translation>%1：沒有領導者（離線），ISR %2，最後已知的領導者是代理節點 %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: no leader (offline), ISR %2.</source>
        <translation>%1：沒有領導者（離線），ISR %2。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 on broker %2</source>
        <comment>a replica&apos;s LEO</comment>
        <translation>代理節點 %2 上為 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: leader broker %2 (leader epoch %3), ISR %4, LEO %5, HW %6.</source>
        <translation>%1：領導者為代理節點 %2（領導者紀元 %3），ISR %4，LEO %5，HW %6。</translation>
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
        <translation>集群的第一次輪詢，每 %1 ms 觀察一次：%2 個代理節點、%3 個主題、%4 個分區、%5 個消費者組。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>Poll of the cluster, observed every %1 ms.</source>
        <translation>集群輪詢，每 %1 ms 觀察一次。</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The LEO moved in %n partition(s).</source>
        <translation>
            <numerusform>%n 個分區的 LEO 移動了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The HW moved in %n partition(s).</source>
        <translation>
            <numerusform>%n 個分區的 HW 移動了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The ISR changed in %n partition(s).</source>
        <translation>
            <numerusform>%n 個分區的 ISR 改變了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The leader changed in %n partition(s).</source>
        <translation>
            <numerusform>%n 個分區的領導者改變了。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The health changed in %n partition(s).</source>
        <translation>
            <numerusform>%n 個分區的健康狀態改變了。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>No offset, ISR, leader or health changed: only what a broker answered (its error) or the poll&apos;s own facts.</source>
        <translation>沒有任何位移、ISR、領導者或健康狀態改變：只有某個代理節點的回答（它的錯誤）或這次輪詢本身的資訊不同。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Broker(s) %1 went down (fenced, gone or not answering).</source>
        <translation>代理節點 %1 停止服務（已封鎖、已離開或沒有回應）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Broker(s) %1 came up.</source>
        <translation>代理節點 %1 恢復服務。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Topics: %1 created, %2 deleted.</source>
        <translation>主題：建立 %1 個，刪除 %2 個。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 group(s) changed.</source>
        <translation>%1 個消費者組有變化。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The poll took %1 ms, longer than the interval: the next one starts late.</source>
        <translation>這次輪詢花了 %1 ms，超過間隔：下一次會延後開始。</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>(%n more partition(s).)</source>
        <translation>
            <numerusform>（還有 %n 個分區。）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="+25"/>
        <source>The ISR %1 is smaller than min.insync.replicas (%2), and while it is the leader does not move the HW.</source>
        <translation>ISR %1 小於 min.insync.replicas（%2），在此期間領導者不會推進 HW。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The HW is the smallest LEO over the ISR and the replicas about to join it: broker %1 has caught up, so the leader waits for it, and its LEO is %2.</source>
        <translation>HW 是 ISR 以及即將加入 ISR 的副本中最小的 LEO：代理節點 %1 已經追上，所以領導者等待它，而它的 LEO 是 %2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The HW is the smallest LEO over the ISR %1, and broker %2&apos;s LEO is %3 as the leader last heard.</source>
        <translation>HW 是 ISR %1 中最小的 LEO，而領導者最近一次得知代理節點 %2 的 LEO 是 %3。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Every replica of the ISR %1 has reached the leader&apos;s LEO %2: there is nothing new to commit.</source>
        <translation>ISR %1 中的每個副本都已到達領導者的 LEO %2：沒有新的消息可以提交。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Broker %1 has caught up but is not in the ISR: the leader adds it when it handles broker %1&apos;s next fetch, and only once the controller accepts that AlterPartition.</source>
        <translation>代理節點 %1 已經追上，但不在 ISR 中：領導者要在處理代理節點 %1 的下一次 Fetch 時才把它加入，而且要等控制器接受該 AlterPartition 之後才生效。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Broker %1 has caught up; the controller has not yet accepted the AlterPartition that adds it to the ISR.</source>
        <translation>代理節點 %1 已經追上；控制器尚未接受把它加入 ISR 的 AlterPartition。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration.cpp" line="+94"/>
        <source>Cluster created</source>
        <translation>集群已建立</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce sent</source>
        <translation>Produce 已發送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records appended</source>
        <translation>記錄已寫入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce rejected</source>
        <translation>Produce 被拒絕</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce acknowledged</source>
        <translation>Produce 已確認</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce failed</source>
        <translation>Produce 失敗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Produce timed out</source>
        <translation>Produce 逾時</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch sent</source>
        <translation>Fetch 已發送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch handled</source>
        <translation>Fetch 已處理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Parked fetch answered</source>
        <translation>暫存的 Fetch 已回覆</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch applied</source>
        <translation>Fetch 結果已套用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch failed</source>
        <translation>Fetch 失敗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR shrink requested</source>
        <translation>請求縮減 ISR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR change committed</source>
        <translation>ISR 變更已提交</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR change rejected</source>
        <translation>ISR 變更被拒絕</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR updated</source>
        <translation>ISR 已更新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heartbeat sent</source>
        <translation>Heartbeat 已發送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heartbeat received</source>
        <translation>Heartbeat 已收到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time passes</source>
        <translation>時間流逝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Configuration changed</source>
        <translation>設定已變更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency changed</source>
        <translation>延遲已變更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker killed</source>
        <translation>代理節點被終止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker powered off</source>
        <translation>代理節點斷電</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker restarted</source>
        <translation>代理節點已重新啟動</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker isolated</source>
        <translation>代理節點被隔離</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker healed</source>
        <translation>代理節點網路已恢復</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shutdown requested</source>
        <translation>已請求關閉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker shut down</source>
        <translation>代理節點已關閉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker fenced</source>
        <translation>代理節點被封鎖</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker unfenced</source>
        <translation>代理節點解除封鎖</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Broker registered</source>
        <translation>代理節點已註冊</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Controlled shutdown</source>
        <translation>受控關閉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader elected</source>
        <translation>已選出領導者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Registration refused</source>
        <translation>註冊被拒絕</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election scan</source>
        <translation>非乾淨選舉掃描</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader rebalance</source>
        <translation>領導者再平衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Segments deleted</source>
        <translation>日志區段已刪除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Topic created</source>
        <translation>主題已建立</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records batched</source>
        <translation>記錄已入批次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer id requested</source>
        <translation>再次請求生產者 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client connected</source>
        <translation>即時客戶端已連線</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client disconnected</source>
        <translation>即時客戶端已斷線</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client request</source>
        <translation>即時客戶端請求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live client answer</source>
        <translation>即時客戶端收到回應</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observed on Apache Kafka</source>
        <translation>在 Apache Kafka 上觀察到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observed poll</source>
        <translation>觀察輪詢</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer id allocated</source>
        <translation>已分配生產者 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer id received</source>
        <translation>已取得生產者 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duplicate batch</source>
        <translation>重複的批次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Became leader</source>
        <translation>成為領導者副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Became follower</source>
        <translation>成為跟隨者副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR changed by the controller</source>
        <translation>控制器變更了 ISR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Log truncated</source>
        <translation>日志已截斷</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Metadata refreshed</source>
        <translation>Metadata 已更新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Producer connection</source>
        <translation>生產者連線</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer started</source>
        <translation>消費者已啟動</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer stopped</source>
        <translation>消費者已停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coordinator found</source>
        <translation>已找到協調者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group request sent</source>
        <translation>已發送組請求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group request handled</source>
        <translation>組請求已處理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group answer received</source>
        <translation>已收到組回應</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Join phase ended</source>
        <translation>加入階段結束</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Member evicted</source>
        <translation>成員被移出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Position set</source>
        <translation>位置已設定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer poll</source>
        <translation>消費者 poll</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Consumer fetch handled</source>
        <translation>消費者的 Fetch 已處理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records received</source>
        <translation>已收到記錄</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Consumer added</source>
        <translation>已新增消費者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Metadata request timed out</source>
        <translation>Metadata 請求逾時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumer metadata refreshed</source>
        <translation>消費者的 metadata 已更新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coordinator lookup timed out</source>
        <translation>尋找協調者逾時</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Consumer session expired</source>
        <translation>消費者 session 過期</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Request timed out</source>
        <translation>請求逾時</translation>
    </message>
    <message>
        <location line="-347"/>
        <source>live client %1</source>
        <translation>即時客戶端 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>a live client</source>
        <translation>一個即時客戶端</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>producer %1</source>
        <translation>生產者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a producer</source>
        <translation>某個生產者</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>consumer %1</source>
        <translation>消費者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a consumer</source>
        <translation>某個消費者</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>group %1</source>
        <translation>消費者組 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its group</source>
        <translation>它的消費者組</translation>
    </message>
    <message>
        <location line="-42"/>
        <location filename="../core/scenario/narration_clients.cpp" line="-211"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+257"/>
        <source>broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The high watermark moves %1 -&gt; %2: consumers can now read offsets below %2.</source>
        <translation>高水位從 %1 移到 %2：消費者現在可以讀取 %2 之前的偏移量。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n waiting acks=all produce(s) answered.</source>
        <translation>
            <numerusform>%n 個等待中的 acks=all 請求已得到回覆。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+14"/>
        <source>The cluster starts: %n broker(s), every partition led by the first replica in its assignment, every log empty (LEO 0, HW 0).</source>
        <translation>
            <numerusform>集群啟動：%n 個代理節點，每個分區由其副本分配中的第一個副本擔任領導者，每個日志都是空的（LEO 0，HW 0）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="-235"/>
        <source>%1 knows no leader for %2 yet: it asks for metadata and holds %3 for a retry.</source>
        <translation>%1 還不知道 %2 的領導者：它請求 metadata，並保留 %3 稍後重試。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 retries sending %2 to %3 (leader broker %4).</source>
        <translation>%1 重新將 %2 發送到 %3（領導者為代理節點 %4）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 sends %2 to %3 (leader broker %4).</source>
        <translation>%1 將 %2 發送到 %3（領導者為代理節點 %4）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 appends %2 to %3; its LEO is now %4.</source>
        <translation>領導者%1 將 %2 寫入 %3；它的 LEO 現在是 %4。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The HW stays at %1: the followers have not fetched these records yet.</source>
        <translation>HW 仍為 %1：跟隨者副本還沒有拉取這些記錄。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waiting follower fetches are answered with the new records.</source>
        <translation>等待中的跟隨者 Fetch 收到了新記錄作為回覆。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader %1 refuses %2&apos;s batch for %3 with sequence %4: OUT_OF_ORDER_SEQUENCE_NUMBER (its producer state expects %5 next; nothing was appended).</source>
        <translation>領導者 %1 拒絕 %2 送往 %3 的批次（序號 %4）：OUT_OF_ORDER_SEQUENCE_NUMBER（它的生產者狀態期待下一個是 %5；什麼都沒追加）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader %1 refuses %2&apos;s batch for %3: INVALID_PRODUCER_EPOCH (the log has seen a newer epoch of this producer; nothing was appended).</source>
        <translation>領導者 %1 拒絕 %2 送往 %3 的批次：INVALID_PRODUCER_EPOCH（日誌已見過這個生產者更新的紀元；什麼都沒追加）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Leader %1 refuses %2&apos;s batch for %3: %4 (the ISR is smaller than min.insync.replicas; nothing was appended).</source>
        <translation>領導者%1 拒絕了 %2 發往 %3 的批次：%4（ISR 小於 min.insync.replicas，沒有寫入任何記錄）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 refuses %2&apos;s batch for %3: %4.</source>
        <translation>領導者%1 拒絕了 %2 發往 %3 的批次：%4。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 receives the acknowledgement for %2 of %3, the offsets its first attempt got: the leader had the batch already.</source>
        <translation>%1 收到 %3 上 %2 的確認，也就是它第一次嘗試得到的偏移量：領導者早已有這個批次。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 receives the acknowledgement for %2 of %3.</source>
        <translation>%1 收到了 %3 中 %2 的確認。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 recognises a duplicate: the batch with sequence %2 from producer id %3 is already in its log for %4. Nothing is appended; it answers with %5.</source>
        <translation>領導者 %1 認出一個重複：生產者 ID %3 序號 %2 的批次已在它 %4 的日誌裡。什麼都不追加；它以 %5 回應。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 adds %2 for %3 to a batch in its accumulator; the batch waits for linger.ms, a producer id or a free in-flight slot.</source>
        <translation>%1 把 %2 加進它累加器中 %3 的批次；批次等待 linger.ms、生產者 ID 或空出的在途名額。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 asks broker %2 for a producer id again (InitProducerId), after retry.backoff.ms.</source>
        <translation>%1 在 retry.backoff.ms 之後再次向 代理節點 %2 請求生產者 ID（InitProducerId）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Broker %1 gives %2 producer id %3, epoch 0, from the block of ids the controller handed it.</source>
        <translation>代理節點 %1 從控制器分給它的 ID 區塊中，給 %2 生產者 ID %3、紀元 0。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 gets no producer id from broker %2 (%3); it will ask another broker.</source>
        <translation>%1 沒有從 代理節點 %2 取得生產者 ID（%3）；它會改問另一個代理節點。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is now idempotent producer id %2, epoch %3: each batch it sends carries this id, the epoch and sequence numbers.</source>
        <translation>%1 現在是冪等生產者 ID %2、紀元 %3：它送出的每個批次都帶著這個 ID、紀元和序號。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 receives an error for its batch to %2: %3</source>
        <translation>%1 發往 %2 的批次收到錯誤：%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (the records were appended and committed)</source>
        <translation>（這些記錄已寫入並已提交）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (no answer within request.timeout.ms: it closes the connection to broker %1, fails the %2 other request(s) in flight on it, and asks another broker for metadata)</source>
        <translation>（在 request.timeout.ms 內沒有回應：它關閉與 代理節點 %1 的連線，這條連線上另外 %2 個在途請求隨之失敗，並向另一個代理節點請求元數據）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> (no answer within request.timeout.ms: it closes the connection to broker %1 and asks another broker for metadata)</source>
        <translation>（在 request.timeout.ms 內沒有回應：它關閉與 代理節點 %1 的連線，並向另一個代理節點請求元數據）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>. Its sequence numbers have a gap, so it bumps its producer epoch and numbers the partition&apos;s unfinished batches from 0 again</source>
        <translation>。它的序號出現缺口，所以它提升生產者紀元，把這個分區尚未完成的批次從 0 重新編號</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>. It will retry after a backoff.</source>
        <translation>。它將在退避後重試。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>. It gives up on the batch.</source>
        <translation>。它放棄了這個批次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Leader %1 gives up waiting for the ISR on %2 of %3 after request.timeout.ms and answers REQUEST_TIMED_OUT; the records stay in the log.</source>
        <translation>領導者%1 等待 ISR 同步 %3 中的 %2 超過 request.timeout.ms，放棄等待並回覆 REQUEST_TIMED_OUT；這些記錄仍留在日志中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Follower %1 sends Fetch(%2) for %3 to leader %4: it asks for records from offset %2, its LEO.</source>
        <translation>跟隨者%1 向領導者%4 發送 %3 的 Fetch(%2)：它請求從偏移量 %2（它的 LEO）開始的記錄。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Broker %1 answers %2&apos;s Fetch(%3) for %4 with %5.</source>
        <translation>代理節點 %1 以 %5 回覆 %2 對 %4 的 Fetch(%3)。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Leader %1 sees that %2&apos;s log for %3 diverges: its last epoch ends at offset %4 here (epoch %5). It tells the follower to truncate instead of sending records.</source>
        <translation>領導者%1 發現 %2 在&#xa0;%3 的日志出現分歧：它的最後一個 epoch 在這裡結束於偏移量 %4（epoch %5）。領導者要求跟隨者截斷日志，而不是發送記錄。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader %1 handles Fetch(%2) from %3 for %4: it records %2 as %3&apos;s LEO.</source>
        <translation>領導者%1 處理來自 %3 對 %4 的 Fetch(%2)：它記下 %2 為 %3 的 LEO。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The HW stays at %1.</source>
        <translation>HW 仍為 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has caught up, so the leader asks the controller to add it to the ISR.</source>
        <translation>%1 已經追上，所以領導者請求控制器將它加入 ISR。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>There is nothing new to send, so the leader parks the fetch for up to replica.fetch.wait.max.ms.</source>
        <translation>沒有新資料可發送，所以領導者將這個 Fetch 暫存，最多等待 replica.fetch.wait.max.ms。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It replies with %1 and HW %2 (the HW from before this fetch).</source>
        <translation>它回覆 %1 和 HW %2（此次 Fetch 之前的 HW）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Leader %1 answers %2&apos;s parked fetch for %3 with %4.</source>
        <translation>領導者%1 以 %4 回覆 %2 對 %3 暫存的 Fetch。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The wait for %1&apos;s parked Fetch(%2) on %3 ran out; leader %4 replies with %5 and the current HW %6.</source>
        <translation>%1 在&#xa0;%3 上暫存的 Fetch(%2) 等待逾時；領導者%4 回覆 %5 以及目前的 HW %6。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>appends %1</source>
        <translation>寫入 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no new records</source>
        <translation>沒有新記錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follower %1 applies the fetch response for %2: %3, LEO %4, HW = min(leader&apos;s HW %5, own LEO %4) = %6.</source>
        <translation>跟隨者%1 套用 %2 的 Fetch 回應：%3，LEO %4，HW = min(領導者的 HW %5，自身 LEO %4) = %6。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Follower %1&apos;s fetch for %2 failed: %3.</source>
        <translation>跟隨者%1 對 %2 的 Fetch 失敗：%3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader %1&apos;s ISR check: %2 has not caught up within replica.lag.time.max.ms, so it asks the controller to shrink the ISR of %3 to %4.</source>
        <translation>領導者%1 檢查 ISR：%2 在 replica.lag.time.max.ms 內沒有追上，所以它請求控制器將 %3 的 ISR 縮減為 %4。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>(%n more partition(s) too.)</source>
        <translation>
            <numerusform>（另外還有 %n 個分區。）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller commits %1&apos;s ISR %2 (partition epoch %3) and tells leader %4.</source>
        <translation>控制器提交 %1 的 ISR %2（分區紀元 %3），並通知領導者%4。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The controller rejects leader %1&apos;s AlterPartition for %2: %3.</source>
        <translation>控制器拒絕了領導者%1 對 %2 的 AlterPartition：%3。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leader %1 learns that its ISR change for %2 failed (%3); the ISR stays %4.</source>
        <translation>領導者%1 得知它對 %2 的 ISR 變更失敗（%3）；ISR 仍為 %4。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader %1 applies %2&apos;s new ISR %3.</source>
        <translation>領導者%1 套用 %2 的新 ISR %3。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Follower %1&apos;s log on %2 ends below the leader&apos;s log start, %3: retention deleted records it never copied. It drops its log (%4 removed) and starts again, empty, at offset %3.</source>
        <translation>跟隨者%1 在&#xa0;%2 上的日志結束在領導者的日志起點 %3 之前：保留策略已刪除了它從未複製的記錄。它丟棄自己的日志（移除 %4），從偏移量 %3 重新開始，日志為空。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 connects to broker %2 again; batches for the partitions it leads can go.</source>
        <translation>%1 重新連上 代理節點 %2；它所領導的分區的批次可以送出了。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 gets no answer to its connect to broker %2 within %3 ms (socket.connection.setup.timeout.ms); it tries again in %4 ms and sends nothing there meanwhile: waiting costs its batches no retries.</source>
        <translation>%1 連線 代理節點 %2 在&#xa0;%3 毫秒內沒有回應（socket.connection.setup.timeout.ms）；它在&#xa0;%4 毫秒後再試，這段時間不向那裡發送任何東西：等待不消耗批次的重試次數。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 cannot connect to broker %2: connection refused, no Kafka process listens there. It tries again in %3 ms (reconnect.backoff.ms) and sends nothing there meanwhile: waiting costs its batches no retries.</source>
        <translation>%1 無法連線 代理節點 %2：連線被拒絕，那裡沒有 Kafka 進程在監聽。它在&#xa0;%3 毫秒後再試（reconnect.backoff.ms），這段時間不向那裡發送任何東西：等待不消耗批次的重試次數。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="+5"/>
        <source>%1 sends a heartbeat to the controller.</source>
        <translation>%1 向控制器發送心跳。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The controller receives %1&apos;s heartbeat.</source>
        <translation>控制器收到 %1 的心跳。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time passes: %1 ms.</source>
        <translation>時間流逝：%1 毫秒。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apache Kafka after step %1 (%2): nothing changed during the settle period.</source>
        <translation>第 %1 步（%2）之後的 Apache Kafka：穩定期間內沒有任何變化。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apache Kafka after step %1 (%2): the cluster changed.</source>
        <translation>第 %1 步（%2）之後的 Apache Kafka：集群有了變化。</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+4"/>
        <location line="+3"/>
        <source>Configuration changed: %1.</source>
        <translation>設定已變更：%1。</translation>
    </message>
    <message numerus="yes">
        <location line="-6"/>
        <source>Followers now fetch on their own, as every Kafka follower does (%n idle follower(s) send a Fetch).</source>
        <translation>
            <numerusform>跟隨者現在會自行 Fetch，就像每個 Kafka 跟隨者一樣（%n 個閒置的跟隨者發出 Fetch）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>A min.insync.replicas change clears every ELR and LastKnownElr: %n partition(s) lose theirs.</source>
        <translation>
            <numerusform>變更 min.insync.replicas 會清空每個 ELR 與 LastKnownElr：%n 個分區失去了它們。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1&apos;s links are back to the normal latency.</source>
        <translation>%1 的連線恢復正常延遲。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1&apos;s links are slowed to %2 ms.</source>
        <translation>%1 的連線被放慢到 %2 毫秒。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1&apos;s process crashes: it stops handling requests and heartbeating. Its host resets its connections, so its clients see the disconnect at once (NETWORK_EXCEPTION) and a connect to it is refused. The controller will notice only when its session times out (broker.session.timeout.ms).</source>
        <translation>%1 的進程當機：它停止處理請求，也不再發送心跳。它所在的主機會重設它的連線，所以它的客戶端立刻看到斷線（NETWORK_EXCEPTION），連線到它也會被拒絕。控制器要等到它的 session 逾時（broker.session.timeout.ms）才會察覺。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 loses power with its host: nothing answers for it any more, not even a refused connect. Its clients and followers notice only when their requests time out (request.timeout.ms, replica.socket.timeout.ms), the controller when its session times out (broker.session.timeout.ms).</source>
        <translation>%1 和它的主機一起斷電：再也沒有任何東西替它回應，連拒絕連線都沒有。它的客戶端和跟隨者要等到請求逾時（request.timeout.ms、replica.socket.timeout.ms）才會察覺，控制器則要等到它的 session 逾時（broker.session.timeout.ms）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 restarts with the log it had on disk, minus %2 that were still only in the page cache. It registers with the controller again.</source>
        <translation>%1 以磁碟上的日志重新啟動，但少了仍只在 page cache 中的 %2。它重新向控制器註冊。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 restarts with the log it had on disk. It registers with the controller again.</source>
        <translation>%1 以磁碟上的日志重新啟動。它重新向控制器註冊。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is cut off from the network: it keeps running, but nothing reaches it and nothing it sends arrives.</source>
        <translation>%1 與網路斷開：它仍在執行，但收不到任何消息，它發出的消息也到不了。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is reachable again.</source>
        <translation>%1 的網路恢復了。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 asks the controller for a controlled shutdown.</source>
        <translation>%1 請求控制器進行受控關閉。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has handed over its leaderships and shuts down cleanly.</source>
        <translation>%1 已交出它的領導權，並正常關閉。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The controller has not heard from %1 for broker.session.timeout.ms and fences it</source>
        <translation>控制器在 broker.session.timeout.ms 內沒有收到 %1 的消息，將它封鎖（fence）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The controller handles %1&apos;s controlled shutdown</source>
        <translation>控制器處理 %1 的受控關閉</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>: %n partition(s) change</source>
        <translation>
            <numerusform>：%n 個分區發生變化</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no replica can take over, so it goes offline (leader -1; the ISR keeps %1).</source>
        <translation>沒有副本可以接手，所以它變為離線（領導者 -1；ISR 保持為 %1）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no ISR member is left, so the out-of-sync broker %1 becomes leader (unclean election: records only the old leader had are lost).</source>
        <translation>ISR 中已沒有成員，所以失去同步的代理節點 %1 成為領導者（非乾淨選舉：只有舊領導者才有的記錄會遺失）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>leader broker %1, ISR %2.</source>
        <translation>領導者為代理節點 %1，ISR %2。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>; %n offline partition(s) get a leader.</source>
        <translation>
            <numerusform>；%n 個離線分區選出了領導者。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(The last known leader is elected: flagged unclean, RECOVERING.)</source>
        <translation>（選出最後已知的領導者：標記為非乾淨選舉，狀態 RECOVERING。）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(An Eligible Leader Replica leads: a clean election.)</source>
        <translation>（由合格領導者副本（ELR）擔任領導者：這是乾淨選舉。）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(An unclean election: an out-of-sync replica leads.)</source>
        <translation>（非乾淨選舉：由失去同步的副本擔任領導者。）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller refuses %1&apos;s new registration: the old incarnation&apos;s session is still valid (DUPLICATE_BROKER_REGISTRATION). It will try again.</source>
        <translation>控制器拒絕 %1 的新註冊：舊實例的會話仍然有效（DUPLICATE_BROKER_REGISTRATION）。它稍後會再試。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>The controller&apos;s unclean election scan (every unclean.leader.election.interval.ms) finds %n leaderless partition(s) and elects an out-of-sync replica: %1 is led by broker %2 (records only the old ISR had are lost).</source>
        <translation>
            <numerusform>控制器的非乾淨選舉掃描（每隔 unclean.leader.election.interval.ms）找到 %n 個沒有領導者的分區，並選出一個不同步的副本：%1 由代理節點 %2 領導（只有舊 ISR 擁有的記錄會遺失）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the log is above retention.bytes</source>
        <translation>日志超過 retention.bytes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>their records are older than retention.ms</source>
        <translation>其中的記錄比 retention.ms 更舊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>they end below the log start</source>
        <translation>它們結束在日志起點之前</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%1&apos;s retention check (every log.retention.check.interval.ms) deletes %n old segment(s) because %2: %3 now starts at offset %4.</source>
        <translation>
            <numerusform>%1 的保留檢查（每隔 log.retention.check.interval.ms）刪除 %n 個舊日志區段，因為%2：%3 現在從偏移量 %4 開始。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The controller&apos;s automatic leader rebalance (auto.leader.rebalance.enable, every leader.imbalance.check.interval.seconds) moves leadership of %n partition(s) back to the preferred replica: %1 is led by broker %2 again instead of broker %3 (leader epoch %4).</source>
        <translation>
            <numerusform>控制器的自動領導者再平衡（auto.leader.rebalance.enable，每隔 leader.imbalance.check.interval.seconds）把 %n 個分區的領導權移回優先領導者：%1 再次由代理節點 %2 領導，不再是代理節點 %3（領導者紀元 %4）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The controller checks that topic %1 can be created (validate_only) and creates nothing.</source>
        <translation>控制器檢查主題 %1 能否建立（validate_only），但不建立任何東西。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The controller refuses to create topic %1</source>
        <translation>控制器拒絕建立主題 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>A client asked broker %1 for metadata of a topic it does not know: with auto.create.topics.enable the controller creates %2 with %n partition(s) (num.partitions) and replication factor %3; each first replica in the ISR leads.</source>
        <translation>
            <numerusform>用戶端向代理節點 %1 詢問一個它不認識的主題的 metadata：因為 auto.create.topics.enable，控制器建立 %2，共 %n 個分割區（num.partitions），複製因子 %3；每個分割區由 ISR 中的第一個副本擔任領導者。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The controller creates topic %1 with %n partition(s) and replication factor %2; each partition&apos;s first replica in the ISR leads, at leader epoch 0.</source>
        <translation>
            <numerusform>控制器建立主題 %1，共 %n 個分割區，複製因子 %2；每個分割區由 ISR 中的第一個副本擔任領導者，領導者紀元 0。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>(%n more topic(s) in the same request.)</source>
        <translation>
            <numerusform>（同一個請求裡還有 %n 個主題。）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n other topic(s) refused</source>
        <translation>
            <numerusform>另有 %n 個主題被拒絕</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The brokers learn it from the metadata log.</source>
        <translation>代理節點從 metadata 日誌得知它。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The ElectLeaders API forces an unclean election for %1: broker %2 leads alone (leader epoch %3, RECOVERING); records only the old ISR had are lost.</source>
        <translation>ElectLeaders API 對 %1 強制進行非乾淨選舉：代理節點 %2 單獨擔任領導者（領導者紀元 %3，RECOVERING）；只有舊 ISR 擁有的記錄會遺失。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The controller moves leadership of %1: broker %2, leader epoch %3.</source>
        <translation>控制器轉移 %1 的領導權：代理節點 %2，領導者紀元 %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller elects a leader for %1: broker %2, leader epoch %3.</source>
        <translation>控制器為 %1 選舉領導者：代理節點 %2，領導者紀元 %3。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="-78"/>
        <source>%1 learns it now leads %2 in epoch %3. The epoch starts at its LEO %4. Its HW is %5, what it knew as a follower; it cannot move until every ISR follower has fetched in the new epoch.</source>
        <translation>%1 得知它現在在 epoch %3 中擔任 %2 的領導者。這個 epoch 從它的 LEO %4 開始。它的 HW 是 %5，也就是它作為跟隨者時所知道的值；要等每個 ISR 跟隨者都在新 epoch 中 Fetch 過，HW 才能前進。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 learns that %2 has no leader (epoch %3).</source>
        <translation>%1 得知 %2 沒有領導者（epoch %3）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 learns that broker %2 leads %3 in epoch %4 and follows it; as Kafka did before 0.11 it first cuts its log back to its own HW %5 (%6 removed).</source>
        <translation>%1 得知代理節點 %2 在 epoch %4 中擔任 %3 的領導者並跟隨它；如同 Kafka 0.11 之前的做法，它先把日志截斷到自己的 HW %5（移除 %6）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 learns that broker %2 leads %3 in epoch %4 and follows it.</source>
        <translation>%1 得知代理節點 %2 在 epoch %4 中擔任 %3 的領導者，並跟隨它。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Leader %1 learns from the controller that %2&apos;s ISR is now %3.</source>
        <translation>領導者%1 從控制器得知 %2 的 ISR 現在是 %3。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Follower %1 is ahead of the leader on %2 and cuts its log back to the leader&apos;s end, %3 (%4 removed).</source>
        <translation>跟隨者%1 在&#xa0;%2 上領先領導者，將日志截斷到領導者的結尾 %3（移除 %4）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follower %1&apos;s log diverges from the leader&apos;s on %2: epoch %3 ends earlier on the leader. It truncates to offset %4 (%5 removed) and fetches again.</source>
        <translation>跟隨者%1 在&#xa0;%2 上的日志與領導者分歧：epoch %3 在領導者上較早結束。它截斷到偏移量 %4（移除 %5）並重新 Fetch。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_clients.cpp" line="-33"/>
        <source>%1 is added to %2 and starts: it looks for the coordinator and joins, and the group rebalances.</source>
        <translation>%1 加入 %2 並啟動：它尋找協調者並加入，消費者組進行再平衡。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is added and starts reading its assigned partitions.</source>
        <translation>%1 已新增並開始讀取分配給它的分區。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 starts.</source>
        <translation>%1 啟動。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 crashes: it stops polling and heartbeating without leaving its group, so the coordinator notices only after session.timeout.ms.</source>
        <translation>%1 當機：它停止 poll 和心跳，但沒有離開消費者組，所以協調者要等到 session.timeout.ms 之後才會察覺。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 leaves its group (committing first if it auto-commits).</source>
        <translation>%1 離開它的消費者組（若為自動提交，會先提交）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 could not refresh its metadata from broker %2: %3.</source>
        <translation>%1 無法從代理節點 %2 更新 metadata：%3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 could not refresh its metadata: %2.</source>
        <translation>%1 無法更新 metadata：%2。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 refreshes its metadata: no leader changed.</source>
        <translation>%1 更新 metadata：沒有領導者變更。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 refreshes its metadata: %2 is led by %3</source>
        <translation>%1 更新 metadata：%2 的領導者是 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 could not find a coordinator: %2.</source>
        <translation>%1 找不到協調者：%2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 could not find a coordinator.</source>
        <translation>%1 找不到協調者。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 learns that broker %2 coordinates its group (the leader of the group&apos;s __consumer_offsets partition).</source>
        <translation>%1 得知代理節點 %2 是它的消費者組協調者（該組 __consumer_offsets 分區的領導者）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has had no heartbeat answer for session.timeout.ms and looks for its group coordinator again.</source>
        <translation>%1 在 session.timeout.ms 內沒有收到心跳回覆，再次尋找它的消費者組協調者。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 looks for its group coordinator again.</source>
        <translation>%1 再次尋找它的消費者組協調者。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1&apos;s application has not polled for %2 ms, more than max.poll.interval.ms: its heartbeat thread leaves the group (&quot;consumer poll timeout has expired.&quot;), gives up its partitions and sends LeaveGroup to broker %3. It joins again at its next poll.</source>
        <translation>%1 的應用程式已經 %2 毫秒沒有 poll，超過 max.poll.interval.ms：它的心跳執行緒離開消費者組（&quot;consumer poll timeout has expired.&quot;），放棄它的分區，並向 代理節點 %3 發送 LeaveGroup。它會在下一次 poll 時重新加入。</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%1 commits its positions for %n partition(s): the next offset to read in each.</source>
        <translation>
            <numerusform>%1 提交它在&#xa0;%n 個分區上的消費位置：每個分區下一個要讀取的偏移量。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+151"/>
        <source>%1 sends %2 to broker %3.</source>
        <translation>%1 向代理節點 %3 發送 %2。</translation>
    </message>
    <message>
        <location line="-148"/>
        <source>Coordinator %1 handles %2&apos;s %3 for %4</source>
        <translation>協調者 %1 處理 %2 為 %4 發出的 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(member %1)</source>
        <translation>（成員 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; the group starts a rebalance and waits for its members to join</source>
        <translation>；消費者組開始再平衡，等待成員加入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; everyone has joined: generation %1 begins</source>
        <translation>；所有成員都已加入：第 %1 代開始</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>: the leader&apos;s assignment is handed out and the group is Stable.</source>
        <translation>：領導者的分配結果已發出，消費者組進入 Stable 狀態。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: it waits for the leader&apos;s assignment.</source>
        <translation>：它等待領導者的分配結果。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>: the member is gone, and the group rebalances.</source>
        <translation>：該成員已離開，消費者組進行再平衡。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: the member is gone.</source>
        <translation>：該成員已離開。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>: it stores %n committed offset(s).</source>
        <translation>
            <numerusform>：它儲存了 %n 個已提交偏移量。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 got no answer to its %2 within its request timeout and drops the connection to the coordinator</source>
        <translation>%1 在請求逾時內沒有收到它的 %2 的回應，並中斷與協調者的連線</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 gets the answer to its %2</source>
        <translation>%1 收到它的 %2 的回應</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>: member %1 of generation %2</source>
        <translation>：第 %2 代的成員 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>, and it is the group&apos;s leader: it runs the assignor for all %n member(s) and sends the result in its SyncGroup</source>
        <translation>
            <numerusform>，而且它是消費者組的領導者：它為全部 %n 個成員執行分配器，並在 SyncGroup 中送出結果</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>: %1 partition(s) newly assigned, %2 revoked</source>
        <translation>：新分配 %1 個分區，撤銷 %2 個</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (the group is rebalancing)</source>
        <translation>（消費者組正在再平衡）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>: %n committed position(s) found</source>
        <translation>
            <numerusform>：找到 %n 個已提交的消費位置</numerusform>
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
            <numerusform>%1 的加入階段因協調者 %2 的計時器到期而結束：第 %3 代，共 %n 個成員。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The join phase of %1 ends on coordinator %2&apos;s timer.</source>
        <translation>%1 的加入階段因協調者 %2 的計時器到期而結束。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coordinator %1 has not heard from %2 (member %3) for session.timeout.ms and removes it from %4; the group rebalances.</source>
        <translation>協調者 %1 在 session.timeout.ms 內沒有收到 %2（成員 %3）的消息，將它從 %4 移除；消費者組進行再平衡。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 could not look up a position on %2: %3.</source>
        <translation>%1 無法查詢 %2 上的位置：%3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 resumes %2 at its committed offset %3</source>
        <translation>%1 從已提交的偏移量 %3 繼續讀取 %2</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>(and %n more partition(s)).</source>
        <translation>
            <numerusform>（另外還有 %n 個分區）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no committed offset for %2; auto.offset.reset sets its position to %3.</source>
        <translation>%1 在&#xa0;%2 上沒有已提交的偏移量；auto.offset.reset 將它的位置設為 %3。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 seeks %2 to offset %3.</source>
        <translation>%1 將 %2 的位置移到偏移量 %3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 polls for up to %2.</source>
        <translation>%1 執行 poll，最長等待 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Broker %1 answers %2&apos;s fetch on %3 with %4.</source>
        <translation>代理節點 %1 以 %4 回覆 %2 在&#xa0;%3 上的 Fetch。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leader %1 holds %2&apos;s fetch from offset %3 on %4: nothing below the HW %5 is new, so it waits up to fetch.max.wait.ms.</source>
        <translation>領導者%1 暫存 %2 在&#xa0;%4 上從偏移量 %3 開始的 Fetch：HW %5 之下沒有新資料，所以它最多等待 fetch.max.wait.ms。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Leader %1 answers %2&apos;s fetch on %3 with %4: consumers read only below the HW %5.</source>
        <translation>領導者%1 以 %4 回覆 %2 在&#xa0;%3 上的 Fetch：消費者只能讀取 HW %5 之前的資料。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1&apos;s fetch on %2 failed: %3.</source>
        <translation>%1 在&#xa0;%2 上的 Fetch 失敗：%3。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 receives %2 of %3 (read under HW %4); its position is now %5.</source>
        <translation>%1 收到 %3 的 %2（在 HW %4 之下讀取）；它的位置現在是 %5。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 asks for the earliest offset of %2 to broker %3.</source>
        <translation>%1 向代理節點 %3 查詢 %2 的最早偏移量（ListOffsets）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 asks for the latest offset of %2 to broker %3.</source>
        <translation>%1 向代理節點 %3 查詢 %2 的最新偏移量（ListOffsets）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 asks for the first offset at or after time %2 of %3 to broker %4.</source>
        <translation>%1 向代理節點 %4 查詢 %3 中時間戳不早於 %2 的第一個偏移量（ListOffsets）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 asks for metadata to broker %2.</source>
        <translation>%1 向代理節點 %2 請求中繼資料。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 asks for a producer id (InitProducerId) to broker %2.</source>
        <translation>%1 向代理節點 %2 請求生產者 ID（InitProducerId）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 gets broker %2&apos;s answer to its %3</source>
        <translation>%1 收到代理節點 %2 對其 %3 請求的回應</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 gets broker %2&apos;s answer to its %3 for %4</source>
        <translation>%1 收到代理節點 %2 對其 %3 請求（%4）的回應</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+2"/>
        <source>appended at offset %1</source>
        <translation>已附加在偏移量 %1</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>(a duplicate the leader had already).</source>
        <translation>（領導者已有這個重複的批次）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, read below the HW %2</source>
        <translation>%1，讀取自 HW %2 之下</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the brokers, leaders, replicas and ISRs.</source>
        <translation>代理節點、領導者、副本與 ISR。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>producer id %1, epoch 0.</source>
        <translation>生產者 ID %1、紀元 0。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_replication.cpp" line="+10"/>
        <source>%1 could not get metadata from broker %2: %3.</source>
        <translation>%1 無法從代理節點 %2 取得 metadata：%3。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_clients.cpp" line="-61"/>
        <source>%1 connects to broker %2.</source>
        <translation>%1 連線到代理節點 %2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 closes its connection to broker %2.</source>
        <translation>%1 關閉與代理節點 %2 的連線。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 sends a Produce request with %2 for %3 to broker %4.</source>
        <translation>%1 向代理節點 %4 送出 Produce 請求：%3 的 %2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 sends a Fetch request for %2 from offset %3 to broker %4.</source>
        <translation>%1 向代理節點 %4 送出 Fetch 請求：%2，從位移 %3 開始。</translation>
    </message>
    <message>
        <location line="-169"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+2"/>
        <source>%1 refreshes its metadata from broker %2: no leader changed.</source>
        <translation>%1 從代理節點 %2 更新 metadata：沒有領導者變更。</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_cluster.cpp" line="-126"/>
        <source>The controller registers the restarted %1 as a new incarnation, fenced until it has caught up with the metadata. As in Kafka 4.0+, it leaves every ISR at registration (it stopped cleanly)</source>
        <translation>控制器把重啟的 %1 註冊為新實例，在它追上中繼資料之前保持封鎖。和 Kafka 4.0+ 一樣，它在註冊時離開每個 ISR（它是正常停止的）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The controller registers the restarted %1 as a new incarnation, fenced until it has caught up with the metadata. As in Kafka 4.0+, it leaves every ISR at registration (it crashed: an unclean shutdown, which also takes it out of every ELR)</source>
        <translation>控制器把重啟的 %1 註冊為新實例，在它追上中繼資料之前保持封鎖。和 Kafka 4.0+ 一樣，它在註冊時離開每個 ISR（它是當機的：非正常關閉，也會讓它離開每個 ELR）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The controller registers the restarted %1 and sends it the current metadata; it stays fenced until it has caught up with it (KIP-841)</source>
        <translation>控制器註冊重啟的 %1 並傳送目前的中繼資料給它；在它追上之前保持封鎖（KIP-841）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no replica can take over, so it goes offline (leader -1; the ISR is empty).</source>
        <translation>沒有副本可以接手，所以它變為離線（領導者 -1；ISR 是空的）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its last known leader, broker %1, is elected although unclean election is off (KIP-966): flagged unclean, RECOVERING.</source>
        <translation>雖然非乾淨選舉已關閉，仍選出它最後已知的領導者代理節點 %1（KIP-966）：標記為非乾淨選舉，狀態 RECOVERING。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the ISR is empty, so Eligible Leader Replica %1 leads cleanly: it holds every committed record.</source>
        <translation>ISR 是空的，所以合格領導者副本 %1 以乾淨選舉擔任領導者：它擁有每一筆已提交的記錄。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The controller unfences %1: it has caught up with the metadata</source>
        <translation>控制器解除 %1 的封鎖：它已追上中繼資料</translation>
    </message>
    <message>
        <location filename="../core/scenario/narration_clients.cpp" line="+5"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+4"/>
        <source>nobody</source>
        <translation>無</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+1"/>
        <source>%1 refreshes its metadata from broker %2: %3 is led by %4</source>
        <translation>%1 從代理節點 %2 更新 metadata：%3 的領導者是 %4</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+4"/>
        <source>(and %n more change(s)).</source>
        <translation>
            <numerusform>（另外還有 %n 項變更）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartitionLayout</name>
    <message>
        <location filename="../ui/scene/partitionlayout.cpp" line="+198"/>
        <source>No leader: the partition is offline (leader epoch %1, partition epoch %2)</source>
        <translation>沒有領導者：分區已離線（領導者紀元 %1，分區紀元 %2）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Leader: broker %1 · leader epoch %2 · partition epoch %3</source>
        <translation>領導者：代理節點 %1 · 領導者紀元 %2 · 分區紀元 %3</translation>
    </message>
    <message>
        <location line="+58"/>
        <location line="+16"/>
        <source>below the HW: committed, consumers can read it</source>
        <translation>HW 之下：已提交，消費者可以讀取</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+16"/>
        <source>at or above the HW: not yet visible to consumers</source>
        <translation>HW 及以上：消費者尚不可見</translation>
    </message>
    <message>
        <location line="-183"/>
        <source>Lost records: acknowledged to a producer, no longer on the leader</source>
        <translation>丟失的記錄：已向生產者確認，領導者上已沒有</translation>
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
        <translation>最後領導者 %1</translation>
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
        <translation>最後已知 ELR %1</translation>
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
            <numerusform>還有 %n 條</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>and %n more (see the inspector)</source>
        <translation>
            <numerusform>還有 %n 條（見檢查器）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Partition %1 · Kafka&#xa0;%2</source>
        <extracomment>The partition view&apos;s heading: the partition (%1, &quot;orders-0&quot;) and the Kafka version (%2, &quot;4.2&quot;), joined by a no-break space so that a wrapped heading keeps them together.</extracomment>
        <translation>分區 %1 · Kafka&#xa0;%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No leader: the partition is offline (leader epoch %1)</source>
        <translation>沒有領導者：分區已離線（領導者紀元 %1）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Leader: broker %1 · leader epoch %2 · partition epoch %3 · RECOVERING</source>
        <extracomment>The leader came from an unclean or last-known-leader election and has not yet told the controller that it recovered (Kafka&apos;s LeaderRecoveryState RECOVERING).</extracomment>
        <translation>領導者：代理節點 %1 · 領導者紀元 %2 · 分區紀元 %3 · RECOVERING</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Leader: broker %1 · leader epoch %2</source>
        <translation>領導者：代理節點 %1 · 領導者紀元 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>observed every %1 ms · this poll took %2 ms</source>
        <translation>每 %1 毫秒觀察一次 · 這次輪詢用了 %2 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STRETCHED: the poll outlasted the interval</source>
        <translation>已延長：輪詢超過了間隔</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>colour, bar and &quot;ep&quot; badge: leader epoch</source>
        <translation>顏色、色條與「紀元」標籤：領導者紀元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≠ cross-hatched: diverged from the leader, not committed</source>
        <translation>≠ 交叉網紋：與領導者分歧，未提交</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dashed, faded: a record a truncation removed (and why)</source>
        <translation>虛線、淡色：被截斷移除的記錄（及原因）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LEO: where the next record goes</source>
        <translation>LEO：下一筆記錄寫入的位置</translation>
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
        <translation>分區 HW（領導者的）</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>leader&apos;s view of a follower (its latest Fetch offset)</source>
        <translation>領導者對跟隨者的記錄（它最近一次 Fetch 的偏移量）</translation>
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
        <translation>OSR：失去同步的副本（斜線列）</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>message in flight</source>
        <translation>傳輸中的消息</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>LEO; &quot;LEO ?&quot;: not told in this poll</source>
        <translation>LEO；「LEO ?」：這次輪詢沒有讀到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a replica&apos;s own HW; HW &gt; LEO: read in two requests, a poll is not atomic</source>
        <translation>副本自己的 HW；HW &gt; LEO：用兩個請求讀取，輪詢不是原子的</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>ELR: eligible leader replica, out of the ISR but holding every committed record</source>
        <translation>ELR：合格領導者副本，不在 ISR 中，但保有每一條已提交的消息</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LAST LEADER: the last known leader, elected if it returns while the ISR and ELR are empty</source>
        <translation>最後領導者：最後已知的領導者，若它在 ISR 與 ELR 都為空時回來，就會被選為領導者</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>consumer reads this partition (from its leader)</source>
        <translation>消費者讀取此分區（從其領導者）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>under the leader&apos;s log: consumer position (solid), group committed offset (hollow), lag to the HW</source>
        <translation>領導者日志下方：消費者位置（實心）、消費者組已提交的偏移量（空心）、到 HW 的延遲</translation>
    </message>
</context>
<context>
    <name>ProducerItem</name>
    <message>
        <location filename="../ui/scene/produceritem.cpp" line="+52"/>
        <source>idempotence off</source>
        <translation>冪等關閉</translation>
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
        <translation>ID %1 · 紀元 %2</translation>
    </message>
    <message>
        <location line="-43"/>
        <location line="+16"/>
        <source>Producer %1</source>
        <translation>生產者 %1</translation>
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
        <translation>已確認記錄：%1</translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+4"/>
        <source>waiting %1 · failed %2</source>
        <translation>等待 %1 · 失敗 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>in flight %1/%2</source>
        <extracomment>Batches in flight (%1) against max.in.flight.requests.per.connection (%2).</extracomment>
        <translation>傳輸中 %1/%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>seq</source>
        <extracomment>Before the sequence ranges of the batches in flight, as in &quot;seq 0–2, 3–4&quot;.</extracomment>
        <translation>序號</translation>
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
        <translation>紀元 %1</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>no leader</source>
        <translation>沒有領導者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lag %1</source>
        <translation>延遲 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: position %2 · %3</source>
        <translation>%1：位置 %2 · %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group %1: committed %2 · %3</source>
        <translation>組 %1：已提交 %2 · %3</translation>
    </message>
    <message>
        <location line="+49"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="+80"/>
        <location line="+64"/>
        <source>leader sees %1</source>
        <translation>領導者記錄為 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leader&apos;s view: none</source>
        <translation>領導者的記錄：無</translation>
    </message>
    <message>
        <location line="+16"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-94"/>
        <source>Broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location filename="../ui/scene/replicalogbadges.cpp" line="+25"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="+1"/>
        <location line="+77"/>
        <source>LEADER</source>
        <translation>領導者</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-77"/>
        <location line="+77"/>
        <source>ELECTED</source>
        <translation>新當選</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../ui/scene/replicaloggeometry.cpp" line="-77"/>
        <source>FOLLOWER</source>
        <translation>跟隨者</translation>
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
        <translation>最後領導者</translation>
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
        <translation>偏移量 %1：先預測這個副本在這裡存放什麼，再揭曉（Right）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Offset %1 (observed: the poll reads offsets, not records)</source>
        <extracomment>A cell of an observed replica: the poll sees offsets, never the records themselves.</extracomment>
        <translation>偏移量 %1（觀察所得：輪詢只讀偏移量，不讀記錄）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Offset %1, leader epoch %2
Value: %3</source>
        <translation>偏移量 %1，領導者紀元 %2
值：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Key: %1</source>
        <translation>鍵：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Producer: %1</source>
        <translation>生產者：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Producer id %1, producer epoch %2, sequence %3</source>
        <translation>生產者 ID %1，生產者紀元 %2，序號 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Diverged: the leader holds another record at this offset; this one will be truncated</source>
        <translation>分歧：領導者在這個偏移量上是另一條記錄，這條將被截斷</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+28"/>
        <source>Committed: below the HW, consumers can read it</source>
        <translation>已提交：在 HW 之下，消費者可以讀取</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+28"/>
        <source>Not committed: above the HW, consumers cannot read it yet</source>
        <translation>未提交：在 HW 之上，消費者還不能讀取</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Earlier here: %1 (leader epoch %2), removed: %3</source>
        <translation>這裡原有：%1（領導者紀元 %2），已移除：%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>HW %1 above LEO %2: this poll read the LEO (ListOffsets) and the HW (Fetch) in two requests, not at one instant, and the log grew between them. Not an error of the broker.</source>
        <translation>HW %1 高於 LEO %2：這次輪詢用兩個請求分別讀 LEO（ListOffsets）和 HW（Fetch），不是同一瞬間，日志在兩者之間增長了。這不是代理節點的錯誤。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Offset %1: %2 was removed from this replica (%3)</source>
        <translation>偏移量 %1：%2 已從這個副本移除（%3）</translation>
    </message>
</context>
<context>
    <name>UserAction</name>
    <message>
        <location filename="../ui/control/useraction.cpp" line="+21"/>
        <source>a partition</source>
        <translation>某個分區</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>broker %1 is already down</source>
        <translation>代理節點 %1 已經停機</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+4"/>
        <location line="+58"/>
        <source>broker %1 is down</source>
        <translation>代理節點 %1 已停機</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>broker %1 is already shutting down</source>
        <translation>代理節點 %1 已在關閉中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broker %1 is already isolated</source>
        <translation>代理節點 %1 已被隔離</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1 is not isolated</source>
        <translation>代理節點 %1 沒有被隔離</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1 is running</source>
        <translation>代理節點 %1 正在執行</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 has no leader</source>
        <translation>%1 沒有領導者</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>broker %1, the preferred leader, already leads %2</source>
        <translation>優先領導者代理節點 %1 已經是 %2 的領導者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the preferred leader, broker %1, is not in the ISR</source>
        <translation>優先領導者代理節點 %1 不在同步副本 ISR 中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the preferred leader, broker %1, is fenced</source>
        <translation>優先領導者代理節點 %1 已封鎖</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has a leader, broker %2</source>
        <translation>%1 已有領導者：代理節點 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no replica of %1 can lead: each is fenced, shutting down or not registered</source>
        <translation>%1 沒有副本能擔任領導者：每個都已封鎖、正在關閉或尚未註冊</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>broker %1 leads %2; only followers fetch</source>
        <translation>代理節點 %1 是 %2 的領導者；只有跟隨者會 Fetch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no leader to fetch from</source>
        <translation>%1 沒有可以 Fetch 的領導者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broker %1 already has a fetch in flight</source>
        <translation>代理節點 %1 已有一個 Fetch 在途中</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the cluster already has %1 consumers, the most it can have</source>
        <translation>集群已有 %1 個消費者，已達上限</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is already running</source>
        <translation>%1 已在執行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not running</source>
        <translation>%1 沒有在執行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 polls on its own (auto.poll is on)</source>
        <translation>%1 會自己拉取（auto.poll 已開啟）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no group to commit to</source>
        <translation>%1 沒有可提交的消費者組</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has not found its coordinator yet</source>
        <translation>%1 還沒找到它的協調者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has no positions to commit yet</source>
        <translation>%1 還沒有可提交的消費位置</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>observing a real cluster: read-only</source>
        <translation>正在觀察真實集群：唯讀</translation>
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
        <translation>將「%1」發送到 %2-%3（%4）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Produce &quot;%1&quot; to %2 (%3)</source>
        <translation>將「%1」發送到 %2（%3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch round of broker %1 for %2</source>
        <translation>代理節點 %1 對 %2 執行一輪 Fetch</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Let the followers catch up</source>
        <translation>讓跟隨者副本追上</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Run %n event(s)</source>
        <translation>
            <numerusform>執行 %n 個事件</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the clock to %1 ms</source>
        <translation>將時鐘移到 %1 毫秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A real client connects to broker %1</source>
        <translation>一個真實用戶端連線到代理節點 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Real client %1 disconnects</source>
        <translation>真實用戶端 %1 斷開連線</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Real client %1 sends a %2 request</source>
        <translation>真實用戶端 %1 發送 %2 請求</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Let group %1 rebalance</source>
        <translation>讓消費者組 %1 再平衡</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Start consumer %1 (join its group)</source>
        <translation>啟動消費者 %1（加入其消費者組）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove consumer %1 from its group</source>
        <translation>將消費者 %1 移出其消費者組</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Crash consumer %1</source>
        <translation>讓消費者 %1 當機</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Poll consumer %1</source>
        <translation>消費者 %1 執行 poll</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Commit consumer %1&apos;s positions</source>
        <translation>提交消費者 %1 的消費位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seek consumer %1 on %2 to offset %3</source>
        <translation>將消費者 %1 在&#xa0;%2 上的位置移到偏移量 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add consumer %1</source>
        <translation>新增消費者 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add consumer %1 to group %2</source>
        <translation>將消費者 %1 加入消費者組 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Advance the clock %1 ms</source>
        <translation>時鐘前進 %1 毫秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restore broker %1&apos;s latency</source>
        <translation>恢復代理節點 %1 的延遲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slow broker %1 to %2 ms</source>
        <translation>將代理節點 %1 放慢到 %2 毫秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set %1</source>
        <translation>設定 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create topic %1</source>
        <translation>建立主題 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Kill broker %1</source>
        <translation>終止代理節點 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restart broker %1, losing %2 unflushed record(s) per log</source>
        <translation>重新啟動代理節點 %1，每個日志遺失 %2 筆未刷寫的記錄</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restart broker %1</source>
        <translation>重新啟動代理節點 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shut down broker %1</source>
        <translation>關閉代理節點 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Isolate broker %1</source>
        <translation>隔離代理節點 %1</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Isolate broker %1, losing what the cut swallows (no TCP retransmission)</source>
        <translation>隔離代理節點 %1，斷線吞掉的資料永久遺失（不經 TCP 重傳）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Heal broker %1</source>
        <translation>恢復代理節點 %1 的網路</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power off broker %1</source>
        <translation>讓代理節點 %1 斷電</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kill the leader of %1</source>
        <translation>終止 %1 的領導者副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Elect the preferred leader of %1</source>
        <translation>為 %1 選舉優先領導者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election for %1 (ElectLeaders)</source>
        <translation>對 %1 進行非乾淨選舉（ElectLeaders）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster action</source>
        <translation>集群操作</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scenario step</source>
        <translation>情境步驟</translation>
    </message>
</context>
<context>
    <name>hw::ui::AddConsumerDialog</name>
    <message>
        <location filename="../ui/panels/addconsumerdialog.cpp" line="+37"/>
        <source>Add a consumer</source>
        <translation>新增消費者</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a group or type the name of a new one</source>
        <translation>選擇一個消費者組，或輸入新消費者組的名稱</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Group</source>
        <translation>消費者組</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Subscribes to</source>
        <translation>訂閱</translation>
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
        <translation>自動提交消費位置（auto.commit）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The cluster already has %1 consumers, the limit.</source>
        <translation>集群已經有 %1 個消費者，已達上限。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter an id for the consumer.</source>
        <translation>請輸入消費者的 ID。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A consumer with id %1 already exists.</source>
        <translation>ID 為 %1 的消費者已經存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a group or type the name of a new one.</source>
        <translation>請選擇一個消費者組，或輸入新消費者組的名稱。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A group name may have at most %1 bytes.</source>
        <translation>消費者組名稱最多 %1 個位元組。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose at least one topic to subscribe to.</source>
        <translation>請至少選擇一個要訂閱的主題。</translation>
    </message>
</context>
<context>
    <name>hw::ui::ChartsPanel</name>
    <message>
        <location filename="../ui/panels/chartspanel.cpp" line="+111"/>
        <source>LEO and HW of %1</source>
        <translation>%1 的 LEO 與 HW</translation>
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
        <translation>沒有消費者組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lag of group %1</source>
        <translation>消費者組 %1 的落後量</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>Records</source>
        <translation>記錄數</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>No producer</source>
        <translation>沒有生產者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sends of producer %1</source>
        <translation>生產者 %1 的發送</translation>
    </message>
    <message>
        <location line="+630"/>
        <source>Click to show the frame at that time.</source>
        <translation>點選圖表可顯示該時間的幀。</translation>
    </message>
    <message>
        <location line="-528"/>
        <source>HW (the leader&apos;s)</source>
        <translation>HW（領導者的）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>LEO of broker %1</source>
        <translation>代理節點 %1 的 LEO</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+81"/>
        <location line="+499"/>
        <source>Leader change</source>
        <translation>領導者變更</translation>
    </message>
    <message>
        <location line="-518"/>
        <source>HW of broker %1</source>
        <translation>代理節點 %1 的 HW</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Replicas in the ISR</source>
        <translation>ISR 中的副本</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Total lag</source>
        <translation>總落後量</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Lag on %1</source>
        <translation>%1 的落後量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lines for %1 of the group&apos;s %2 partitions; the total counts them all.</source>
        <translation>顯示此消費者組 %2 個分區中 %1 個的曲線；總計包含全部分區。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Records acknowledged</source>
        <translation>已確認的記錄</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Records failed</source>
        <translation>失敗的記錄</translation>
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
        <translation>%1：%3 時為 %2（第 %4 幀）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 (frame %2): the partition has no leader; leader epoch %3</source>
        <translation>%1（第 %2 幀）：分區沒有領導者；領導者紀元 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (frame %2): broker %3 becomes leader, leader epoch %4</source>
        <translation>%1（第 %2 幀）：代理節點 %3 成為領導者，領導者紀元 %4</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Partition</source>
        <translation>分區</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumer lag</source>
        <translation>消費者落後量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producers</source>
        <translation>生產者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each replica&apos;s LEO, the HW and the ISR size over time</source>
        <translation>各副本的 LEO、HW 與 ISR 大小隨時間的變化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A consumer group&apos;s lag: the HW minus the committed offset</source>
        <translation>消費者組的落後量：HW 減去已提交的偏移量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A producer&apos;s records acknowledged and failed, counted from the start</source>
        <translation>生產者已確認與失敗的記錄數，從開始累計</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Partition:</source>
        <translation>分區(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Group:</source>
        <translation>消費者組(&amp;G)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P&amp;roducer:</source>
        <translation>生產者(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulated time (s)</source>
        <translation>模擬時間（秒）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Simulated time (ms)</source>
        <translation>模擬時間（毫秒）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Now</source>
        <translation>現在</translation>
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
        <translation>上方的執行帶頭，下方的跟隨。在檢查點時，下方顯示同一檢查點標籤的幀；其他時候顯示同一模擬時間或之前的最後一幀。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Matched by checkpoint ◆%1: frame %2 above, frame %3 below</source>
        <translation>依檢查點 ◆%1 對應：上方第 %2 幀，下方第 %3 幀</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The bottom run has no checkpoint ◆%1: matched by time, %2 ms (frame %3 below)</source>
        <translation>下方的執行沒有檢查點 ◆%1：依時間 %2 毫秒 對應（下方第 %3 幀）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Matched by time: %1 ms, the last frame at or before it below (frame %2)</source>
        <translation>依時間對應：%1 毫秒，下方取此時或之前的最後一幀（第 %2 幀）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>leader</source>
        <translation>領導者</translation>
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
        <translation>最後已知 ELR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leader recovery state</source>
        <translation>領導者恢復狀態</translation>
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
        <translation>丟失的記錄</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>produce results</source>
        <translation>生產結果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broker %1: %2 vs %3</source>
        <extracomment>A difference of View &gt; Compare versions: &quot;broker 2: online vs fenced&quot;.</extracomment>
        <translation>代理節點 %1：%2 對 %3</translation>
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
        <translation>僅在其中一次執行中</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 on broker %2</source>
        <extracomment>The replica of a partition on a broker, in View &gt; Compare versions: &quot;orders-0 on broker 2&quot;.</extracomment>
        <translation>代理節點 %2 上的 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 vs %3</source>
        <extracomment>A difference of View &gt; Compare versions that is not of one partition: &quot;produce results: 3 vs 2&quot;.</extracomment>
        <translation>%1：%2 對 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2: %3 vs %4</source>
        <extracomment>A difference of View &gt; Compare versions: &quot;orders-0 leader: 2 vs -&quot; (the top run&apos;s value first).</extracomment>
        <translation>%1 %2：%3 對 %4</translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareExportDialog</name>
    <message>
        <location filename="../ui/export/exportdialog.cpp" line="+514"/>
        <source>Both views, one above the other</source>
        <translation>兩個視圖，上下排列</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The %1 view</source>
        <extracomment>One view of View &gt; Compare versions, named by its label: &quot;The Kafka 3.7 view&quot;.</extracomment>
        <translation>%1 視圖</translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareVersionsDialog</name>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+72"/>
        <source>Compare versions</source>
        <translation>比較版本</translation>
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
        <translation>情境依原樣在兩個版本下各執行一次：開啟後在主視窗中做的操作不納入比較。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Top view:</source>
        <translation>上方視圖：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottom view:</source>
        <translation>下方視圖：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Choose two different versions: a version compared with itself shows no difference.</source>
        <translation>請選擇兩個不同的版本：同一版本互相比較不會有任何差異。</translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareWindow</name>
    <message>
        <location line="+305"/>
        <source>Full screen, large text, high contrast; each version&apos;s label over its view (F5, Esc to leave)</source>
        <translation>全螢幕、大字、高對比；每個版本的標籤在其視圖上方（F5，按 Esc 離開）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One frame on (Right); both views follow</source>
        <translation>前進一幀（右方向鍵）；兩個視圖一起移動</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>What the two frames shown hold differently, the top run&apos;s value first. Each is outlined with a ≠ badge in both views; double-click one of another partition to show it.</source>
        <translation>兩個顯示中的幀有哪些不同，先列上方執行的值。每一項在兩個視圖中都以粗框和 ≠ 標記標出；雙擊其他分區的項目即可顯示該分區。</translation>
    </message>
    <message>
        <location line="+125"/>
        <source>%1 in %2 and %3 — HighWater</source>
        <translation>%1：%2 與 %3 — HighWater</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Frame %1 of %2</source>
        <translation>第 %1 幀，共 %2 幀</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No differences in these two frames</source>
        <translation>這兩幀沒有差異</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n difference(s), %1 vs %2</source>
        <translation>
            <numerusform>%n 項差異，%1 對 %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::ConnectDialog</name>
    <message>
        <location filename="../ui/shell/connectdialog.cpp" line="+129"/>
        <source>Security file</source>
        <translation>安全設定檔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kafka client properties (*.properties *.conf);;All files (*)</source>
        <translation>Kafka 客戶端設定 (*.properties *.conf);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Record to file</source>
        <translation>錄製到檔案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Observe recordings (*.jsonl)</source>
        <translation>觀察錄製檔 (*.jsonl)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot observe the cluster: %1</source>
        <extracomment>%1: why the cluster could not be observed (no broker answered, a bad security setting).</extracomment>
        <translation>無法觀察集群：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cancelled: the session was kept.</source>
        <translation>已取消：保留目前的工作階段。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>None: PLAINTEXT, no TLS and no SASL.</source>
        <translation>無：PLAINTEXT，不使用 TLS 與 SASL。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot be used: %1</source>
        <translation>無法使用：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Usable, with warnings: %1</source>
        <translation>可以使用，但有警告：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Usable. A password may also come from %1.</source>
        <translation>可以使用。密碼也可以來自 %1。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Connect to a Kafka cluster</source>
        <translation>連線到 Kafka 集群</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HighWater observes a running Kafka cluster, read-only: every replica&apos;s log start, LEO and high watermark, the ISR and ELR, leaders and consumer groups, polled every interval. It sends only describe, list and fetch requests.</source>
        <translation>HighWater 以唯讀方式觀察執行中的 Kafka 集群：每個副本的日誌起點、LEO 與高水位 HW、ISR 與 ELR、領導者與消費者組，每個間隔輪詢一次。它只送出 describe、list 與 fetch 請求。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bootstrap servers:</source>
        <translation>Bootstrap 伺服器：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HOST:PORT[,HOST:PORT...]</source>
        <translation>主機:埠[,主機:埠...]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Security file:</source>
        <translation>安全設定檔：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optional: Kafka client properties for SSL or SASL</source>
        <translation>選填：SSL 或 SASL 的 Kafka 客戶端設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the security file</source>
        <translation>選擇安全設定檔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topics (regex):</source>
        <translation>主題（正規表示式）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A regular expression matched against each whole topic name; .* observes every topic</source>
        <translation>與每個完整主題名稱比對的正規表示式；.* 觀察所有主題</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Poll every:</source>
        <translation>輪詢間隔：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At least %1 ms; a poll that takes longer stretches the interval</source>
        <translation>至少 %1 毫秒；輪詢耗時更久時，間隔會延長</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Record to file:</source>
        <translation>錄製到檔案：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optional: a .jsonl file that File &gt; Open replays</source>
        <translation>選填：可用「檔案 &gt; 開啟」重播的 .jsonl 檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the recording file</source>
        <translation>選擇錄製檔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>連線</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>中斷連線</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
</context>
<context>
    <name>hw::ui::ControlPanel</name>
    <message>
        <location filename="../ui/panels/controlpanel.cpp" line="+451"/>
        <source>Produce a message</source>
        <translation>發送消息</translation>
    </message>
    <message>
        <location line="-362"/>
        <source>none (null key)</source>
        <translation>無（null 鍵）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>producer&apos;s default</source>
        <translation>生產者的預設值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all (-1)</source>
        <translation>all（-1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 (leader only)</source>
        <translation>1（僅領導者）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0 (fire and forget)</source>
        <translation>0（發送即不管）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send</source>
        <translation>發送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer</source>
        <translation>生產者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topic</source>
        <translation>主題</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+77"/>
        <source>Partition</source>
        <translation>分區</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Key</source>
        <translation>鍵</translation>
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
        <translation>代理節點</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kill</source>
        <translation>終止</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The broker crashes: no more requests or heartbeats</source>
        <translation>代理節點當機：不再處理請求，也不再發送心跳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart</source>
        <translation>重新啟動</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shut down</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A controlled shutdown: the controller moves its leaderships first</source>
        <translation>受控關閉：控制器會先轉移它的領導權</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Isolate</source>
        <translation>隔離</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cut the broker off the network; it keeps running</source>
        <translation>將代理節點與網路斷開；它仍在執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heal</source>
        <translation>恢復網路</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Records each of its logs loses on restart, as after a power failure</source>
        <translation>重新啟動時每個日志遺失的記錄數，如同斷電之後</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+96"/>
        <source>Broker</source>
        <translation>代理節點</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>Unflushed records lost on restart</source>
        <translation>重新啟動時遺失的未刷寫記錄</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Partitions and time</source>
        <translation>分區與時間</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kill its leader</source>
        <translation>終止其領導者副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Elect preferred leader</source>
        <translation>選舉優先領導者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unclean election</source>
        <translation>非乾淨選舉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kafka-leader-election --election-type unclean: a leaderless partition gets an out-of-sync replica as leader, whatever unclean.leader.election.enable says</source>
        <translation>kafka-leader-election --election-type unclean：沒有領導者的分區會以一個不同步的副本作為領導者，不論 unclean.leader.election.enable 的設定為何</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fetch round</source>
        <translation>一輪 Fetch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The follower sends Fetch(its LEO) and applies the answer</source>
        <translation>跟隨者發送 Fetch（它的 LEO）並套用回應</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let the followers catch up</source>
        <translation>讓跟隨者副本追上</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advance the clock</source>
        <translation>時鐘前進</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follower</source>
        <translation>跟隨者副本</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Slow a follower</source>
        <translation>放慢跟隨者副本</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>Latency</source>
        <translation>延遲</translation>
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
        <translation>套用延遲</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Configuration</source>
        <translation>設定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unclean.leader.election.enable</source>
        <translation>unclean.leader.election.enable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply</source>
        <translation>套用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min.insync.replicas</source>
        <translation>min.insync.replicas</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Add consumer…</source>
        <translation>新增消費者…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create a new consumer in a group (an existing one or a new one); it joins and the group rebalances</source>
        <translation>在消費者組（現有的或新的）中建立新的消費者；它會加入，消費者組進行再平衡</translation>
    </message>
    <message>
        <location line="+181"/>
        <source>Consumers</source>
        <translation>消費者</translation>
    </message>
    <message>
        <location line="-189"/>
        <location line="+209"/>
        <source>Add to its group</source>
        <translation>加入其消費者組</translation>
    </message>
    <message>
        <location line="-214"/>
        <source>Start the consumer: it joins its group and the group rebalances</source>
        <translation>啟動消費者：它加入其消費者組，消費者組進行再平衡</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+209"/>
        <source>Remove from its group</source>
        <translation>移出其消費者組</translation>
    </message>
    <message>
        <location line="-212"/>
        <source>The consumer leaves its group cleanly and the group rebalances</source>
        <translation>消費者正常離開其消費者組，消費者組進行再平衡</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Crash</source>
        <translation>當機</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The consumer stops without leaving; its group notices after session.timeout.ms</source>
        <translation>消費者停止但不離開；它的消費者組在 session.timeout.ms 之後才會察覺</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Poll</source>
        <translation>拉取（poll）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Consumer</source>
        <translation>消費者</translation>
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
        <translation>由分區器選擇</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no group</source>
        <translation>無消費者組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group %1</source>
        <translation>消費者組 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Produce a message (this scenario has no producers)</source>
        <translation>發送消息（此情境沒有生產者）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>m%1</source>
        <translation>m%1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Consumers (this scenario has none)</source>
        <translation>消費者（此情境沒有消費者）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Start</source>
        <translation>啟動</translation>
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
        <translation>每秒幀數：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulated time x</source>
        <translation>模擬時間 ×</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+179"/>
        <source>Export Animation</source>
        <translation>匯出動畫</translation>
    </message>
    <message>
        <location line="-160"/>
        <source>Animated GIF</source>
        <translation>GIF 動畫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Numbered PNG images in a folder</source>
        <translation>資料夾中編號的 PNG 圖片</translation>
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
        <translation>每一幀顯示相同的時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Frames show for the simulated time until the next one, times this speed</source>
        <translation>每一幀依到下一幀的模擬時間顯示，再乘以這個速度</translation>
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
        <translation>瀏覽...</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>From frame:</source>
        <translation>起始幀：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To frame:</source>
        <translation>結束幀：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Timing:</source>
        <translation>時間：</translation>
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
        <translation>儲存到：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Pick a frame...</source>
        <translation>選擇一幀...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First frame</source>
        <translation>第一幀</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Current frame (%1)</source>
        <translation>目前的幀（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Checkpoint %1 (frame %2)</source>
        <translation>檢查點 %1（第 %2 幀）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Last frame (%1)</source>
        <translation>最後一幀（%1）</translation>
    </message>
    <message>
        <location line="+46"/>
        <location line="+26"/>
        <source>The first frame comes after the last.</source>
        <translation>起始幀在結束幀之後。</translation>
    </message>
    <message numerus="yes">
        <location line="-25"/>
        <source>%n frame(s) in one GIF. Checkpoints and the last frame stay at least %1 s.</source>
        <translation>
            <numerusform>一個 GIF 中共 %n 幀。檢查點和最後一幀至少停留 %1 秒。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n PNG image(s) named frame-NNNNNN.png after their frame numbers.</source>
        <translation>
            <numerusform>%n 張 PNG 圖片，依幀編號命名為 frame-NNNNNN.png。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GIF animations (*.gif)</source>
        <translation>GIF 動畫 (*.gif)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Folder for the PNG images</source>
        <translation>存放 PNG 圖片的資料夾</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Exporting %n frame(s)...</source>
        <translation>
            <numerusform>正在匯出 %n 幀...</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::ExportImageDialog</name>
    <message>
        <location line="-398"/>
        <source>Cannot export</source>
        <translation>無法匯出</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exporting</source>
        <translation>正在匯出</translation>
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
        <translation>每個檢查點一頁（附說明的講義）</translation>
    </message>
    <message>
        <location line="-51"/>
        <location line="+56"/>
        <location line="+356"/>
        <source>Export Image</source>
        <translation>匯出圖片</translation>
    </message>
    <message>
        <location line="-436"/>
        <source>Caption: checkpoint, note and Kafka version</source>
        <translation>圖說：檢查點、備註與 Kafka 版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A band under the drawing with the frame&apos;s checkpoint, its time, the Kafka version and the scenario&apos;s note, in the app&apos;s language</source>
        <translation>在圖的下方加一欄，寫出該幀的檢查點、時間、Kafka 版本和情境的備註，使用程式目前的語言</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>The live lab dropped the oldest frames of the range while exporting, to stay within the memory budget: export a range from a later frame.</source>
        <translation>匯出期間，即時實驗室為了不超過記憶體預算，捨棄了這個範圍中最舊的幀：請從較晚的幀開始匯出。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Current view</source>
        <translation>目前的視圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charts</source>
        <translation>圖表</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+357"/>
        <source>PNG image</source>
        <translation>PNG 圖片</translation>
    </message>
    <message>
        <location line="-356"/>
        <location line="+357"/>
        <source>SVG drawing</source>
        <translation>SVG 圖形</translation>
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
        <translation>每個視圖像素對應的圖片像素：在大螢幕上的投影片請用 2x 以上以保持清晰</translation>
    </message>
    <message>
        <location line="-355"/>
        <source>A page per checkpoint of the scenario: the drawing, the checkpoint&apos;s note and what happened</source>
        <translation>情境的每個檢查點一頁：圖、檢查點的說明，以及發生了什麼</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+354"/>
        <source>Browse...</source>
        <translation>瀏覽...</translation>
    </message>
    <message>
        <location line="-350"/>
        <location line="+354"/>
        <source>Export:</source>
        <translation>匯出：</translation>
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
        <translation>縮放：</translation>
    </message>
    <message>
        <location line="-350"/>
        <location line="+352"/>
        <source>File:</source>
        <translation>檔案：</translation>
    </message>
    <message>
        <location line="-350"/>
        <location line="+352"/>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <location line="-438"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 圖片 (*.png)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 圖形 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>Writing the handout...</source>
        <translation>正在產生講義...</translation>
    </message>
</context>
<context>
    <name>hw::ui::FrameScene</name>
    <message numerus="yes">
        <location filename="../ui/scene/framescene.cpp" line="+632"/>
        <source>LIVE · %n request(s)</source>
        <extracomment>The live lab&apos;s many clients: the requests they have in flight to one broker, drawn as one bundle.</extracomment>
        <translation>
            <numerusform>即時 · %n 個請求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>LIVE · %n answer(s)</source>
        <extracomment>The answers in flight from one broker to the live lab&apos;s many clients.</extracomment>
        <translation>
            <numerusform>即時 · %n 個回應</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>… and %n more</source>
        <extracomment>The end of the list of a bundle&apos;s messages in its tooltip.</extracomment>
        <translation>
            <numerusform>…… 另有 %n 個</numerusform>
        </translation>
    </message>
    <message>
        <location line="+311"/>
        <source>Sent at %1 ms, arrives at %2 ms</source>
        <translation>於 %1 毫秒發出，%2 毫秒到達</translation>
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
        <translation>搜尋詞彙表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type part of a term or of its definition</source>
        <translation>輸入術語或其定義的一部分</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+62"/>
        <location line="+13"/>
        <source>Textbook vs real Kafka</source>
        <translation>教科書與真實的 Kafka</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Textbook:</source>
        <translation>教科書：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Real Kafka:</source>
        <translation>真實的 Kafka：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What the seed article and many textbooks simplify, what Kafka does instead, and the Kafka version from which it does so.</source>
        <translation>種子文章和許多教科書簡化了什麼、Kafka 實際上怎麼做，以及從哪個 Kafka 版本起如此。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>See also:</source>
        <translation>另見：</translation>
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
        <translation>屬性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Nothing selected</source>
        <translation>未選取任何項目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Click a broker, replica, partition, producer or consumer</source>
        <translation>點選代理節點、副本、分區、生產者或消費者</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Messages in flight</source>
        <translation>傳輸中的消息</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 → %2, arrives at %3 ms</source>
        <translation>%1 → %2，於 %3 毫秒到達</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alive</source>
        <translation>運作中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Isolated</source>
        <translation>網路隔離</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fenced by the controller</source>
        <translation>被控制器封鎖</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shutting down</source>
        <translation>正在關閉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restarts</source>
        <translation>重新啟動次數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency</source>
        <translation>延遲</translation>
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
        <translation>控制器最後收到的心跳</translation>
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
        <translation>領導者</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+24"/>
        <source>follower</source>
        <translation>跟隨者</translation>
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
        <translation>%1 在代理節點 %2 上的副本</translation>
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
        <translation>它所知的領導者</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+7"/>
        <location line="+83"/>
        <source>none</source>
        <translation>無</translation>
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
        <translation>代理節點 %1</translation>
    </message>
    <message>
        <location line="-213"/>
        <source>Leader epoch it knows</source>
        <translation>它所知的 領導者紀元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch cache</source>
        <translation>Epoch 快取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>epoch %1</source>
        <translation>epoch %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>starts at offset %1</source>
        <translation>從偏移量 %1 開始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ISR (as the leader has it)</source>
        <translation>ISR（領導者記錄的）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proposed ISR in flight</source>
        <translation>傳送中的 ISR 提案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch start offset</source>
        <translation>Epoch 起始偏移量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader&apos;s view of followers</source>
        <translation>領導者對跟隨者的記錄</translation>
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
        <translation>最近一次 Fetch 時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader&apos;s LEO at that fetch</source>
        <translation>該次 Fetch 時領導者的 LEO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>acks=all produces waiting</source>
        <translation>等待中的 acks=all 請求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fetches parked</source>
        <translation>暫存的 Fetch</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leader&apos;s view of its LEO</source>
        <translation>領導者記錄的它的 LEO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lastCaughtUpTimeMs (leader&apos;s)</source>
        <translation>lastCaughtUpTimeMs（領導者記錄的）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fetch outstanding</source>
        <translation>未完成的 Fetch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records</source>
        <translation>記錄</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>, diverged from the leader</source>
        <translation>，與領導者分歧</translation>
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
        <translation>false（情境中設定）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>acks is not all</source>
        <translation>acks 不是 all</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>retries is 0</source>
        <translation>retries 為 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>max.in.flight.requests.per.connection is above 5</source>
        <translation>max.in.flight.requests.per.connection 大於 5</translation>
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
        <translation>false（被 Kafka 關閉：%1）</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>Broker epoch</source>
        <translation>代理節點紀元</translation>
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
        <translation>%1、最後領導者</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>In the ELR (eligible leader replicas)</source>
        <translation>在 ELR（合格領導者副本）中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last known leader (LastKnownElr)</source>
        <translation>最後已知的領導者 (LastKnownElr)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>, producer id %1, epoch %2, sequence %3</source>
        <translation>，生產者 ID %1，紀元 %2，序號 %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Producer state</source>
        <translation>生產者狀態</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>producer id %1</source>
        <translation>生產者 ID %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>producer id %1 (%2)</source>
        <translation>生產者 ID %1（%2）</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>epoch %1, %n batch(es)</source>
        <extracomment>A producer table entry: its epoch and how many of its last batches it keeps (at most 5).</extracomment>
        <translation>
            <numerusform>紀元 %1，%n 個批次</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>seq %1</source>
        <translation>序號 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>offsets %1</source>
        <translation>偏移量 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Truncated records</source>
        <translation>被截斷的記錄</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (epoch %2), %3</source>
        <translation>%1（epoch %2），%3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Partition %1</source>
        <translation>分區 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replicas (preferred leader first)</source>
        <translation>副本（優先領導者在前）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader</source>
        <translation>領導者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none (offline)</source>
        <translation>無（離線）</translation>
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
        <translation>領導者恢復狀態</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ELR (eligible leader replicas)</source>
        <translation>ELR（合格領導者副本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LastKnownElr (last known leader)</source>
        <translation>LastKnownElr（最後已知的領導者）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HW (the leader&apos;s)</source>
        <translation>HW（領導者的）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unclean elections</source>
        <translation>非乾淨選舉次數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records lost from unflushed tails</source>
        <translation>未刷寫尾端遺失的記錄</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lost records</source>
        <translation>丟失的記錄</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LEO %1, HW %2</source>
        <translation>LEO %1，HW %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumers reading it</source>
        <translation>讀取它的消費者</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>position %1, lag %2</source>
        <translation>位置 %1，落後 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Producer %1</source>
        <translation>生產者 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings</source>
        <translation>設定</translation>
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
        <translation>等待 InitProducerId 回覆</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none yet</source>
        <translation>尚無</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer id</source>
        <translation>生產者 ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer epoch</source>
        <translation>生產者紀元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Batches in flight</source>
        <translation>傳輸中的批次</translation>
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
        <translation>每秒 %1 筆記錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaders it believes</source>
        <translation>它認為的領導者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Batches</source>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 record(s) to %2, %3</source>
        <translation>%1 筆記錄發往 %2，%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, seq %1</source>
        <translation>，序號 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, offset %1</source>
        <translation>，偏移量 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, answered as a duplicate</source>
        <translation>，被當作重複批次回覆</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>batch %1</source>
        <translation>批次 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Consumer %1</source>
        <translation>消費者 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group</source>
        <translation>消費者組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (assigned by hand)</source>
        <translation>無（手動分配）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Member id</source>
        <translation>成員 ID</translation>
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
        <translation>協調者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records received</source>
        <translation>已收到的記錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assignment</source>
        <translation>分配</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>position %1, HW %2, lag %3</source>
        <translation>位置 %1，HW %2，落後 %3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Group %1</source>
        <translation>消費者組 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Assignor</source>
        <translation>分配器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leader member</source>
        <translation>領導者成員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Members</source>
        <translation>成員</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Committed offsets</source>
        <translation>已提交的偏移量</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Controller (node %1)</source>
        <translation>控制器（節點 %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Broker registrations</source>
        <translation>代理節點註冊</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, last heartbeat %2 ms</source>
        <translation>%1，最後心跳 %2 毫秒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fenced</source>
        <translation>已封鎖</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unfenced</source>
        <translation>未封鎖</translation>
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
        <translation>來源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To</source>
        <translation>目的地</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent at</source>
        <translation>發出時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arrives at</source>
        <translation>到達時間</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Partition</source>
        <translation>分區</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>delivered</source>
        <translation>已送達</translation>
    </message>
</context>
<context>
    <name>hw::ui::LiveLabDialog</name>
    <message>
        <location filename="../ui/shell/livelabdialog.cpp" line="+177"/>
        <source>Cannot start the live lab: %1</source>
        <translation>無法啟動即時實驗室：%1</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Name the address other machines reach this one at.</source>
        <translation>請填寫其他電腦連到這台電腦所用的位址。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Live lab</source>
        <translation>即時實驗室</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves this session to real Kafka clients: each broker listens on a port of its own, and what the clients send happens in the simulation as it happens.</source>
        <translation>讓真實的 Kafka 客戶端連到這個工作階段：每個代理節點在自己的連接埠上監聽，客戶端送來的請求會即時在模擬中發生。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Base port (broker N listens on this port + N):</source>
        <translation>基準連接埠(&amp;B)（代理節點 N 監聽此連接埠 + N）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Speed (simulated time per wall-clock time):</source>
        <translation>速度(&amp;S)（每單位實際時間對應的模擬時間）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let &amp;other machines connect, at this address:</source>
        <translation>允許其他電腦連線(&amp;O)，使用此位址：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warning: anyone who can reach this address can connect and write to the cluster. Use it only on a network you trust, such as the classroom&apos;s.</source>
        <translation>警告：任何能連到這個位址的人都能連線並寫入集群。只在你信任的網路（例如教室的網路）上使用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;tart serving</source>
        <translation>開始服務(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sto&amp;p (closes every connection)</source>
        <translation>停止(&amp;P)（關閉所有連線）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live: back to the present</source>
        <translation>即時：回到現在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bootstrap address (give it to the clients):</source>
        <translation>引導位址（bootstrap，提供給客戶端）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Commands to copy (a terminal on this machine):</source>
        <translation>可複製的指令（在這台電腦的終端機執行）：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kcat: produce each line you type, acks=all</source>
        <translation>kcat：把輸入的每一行發送出去，acks=all</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>kcat: read partition 0 from the beginning</source>
        <translation>kcat：從頭讀取分區 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Python (confluent-kafka): produce 10 records</source>
        <translation>Python（confluent-kafka）：發送 10 筆記錄</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Java (Kafka&apos;s console producer): produce each line you type</source>
        <translation>Java（Kafka 的命令列生產者）：把輸入的每一行發送出去</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Java (Kafka&apos;s console consumer): read partition 0 from the beginning</source>
        <translation>Java（Kafka 的命令列消費者）：從頭讀取分區 0</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connect</source>
        <translation>連線方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>client.id</source>
        <translation>client.id</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>位址</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Broker</source>
        <translation>代理節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo is not offered for a live session: real clients cannot take back what they sent. File &gt; Save scenario keeps the session as a file that replays to the same frames.</source>
        <translation>即時工作階段不提供復原：真實客戶端無法收回已送出的內容。「檔案 &gt; 儲存情境」會把工作階段存成一個能重播出相同幀的檔案。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Serving at %1, speed %2.</source>
        <translation>服務中：%1，速度 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The live lab stopped: %1</source>
        <translation>即時實驗室已停止：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not serving.</source>
        <translation>未在服務。</translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>Connected clients (%n)</source>
        <translation>
            <numerusform>已連線的客戶端（%n）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(no request yet)</source>
        <translation>（尚無請求）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1</source>
        <translation>代理節點 %1</translation>
    </message>
</context>
<context>
    <name>hw::ui::LiveSession</name>
    <message>
        <location filename="../ui/control/livesession.cpp" line="+59"/>
        <source>The live lab is already serving.</source>
        <translation>即時實驗室已在服務中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; is not an IP address.</source>
        <translation>「%1」不是 IP 位址。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Port %1 leaves no port for broker %2.</source>
        <translation>連接埠 %1 沒有為代理節點 %2 留下連接埠。</translation>
    </message>
</context>
<context>
    <name>hw::ui::MainWindow</name>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="+177"/>
        <source>Press Space to play, Right to step, Page Down for the next checkpoint.</source>
        <translation>按空白鍵播放，按右方向鍵單步前進，按 Page Down 跳到下一個檢查點。</translation>
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
        <translation>後退</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>One frame back (Left)</source>
        <translation>後退一幀（左方向鍵）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Step</source>
        <translation>單步</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+328"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+2"/>
        <source>First</source>
        <translation>第一幀</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>First frame (Home)</source>
        <translation>第一幀（Home）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Last</source>
        <translation>最後一幀</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>Last frame (End)</source>
        <translation>最後一幀（End）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Previous checkpoint</source>
        <translation>上一個檢查點</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location line="+25"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>Previous checkpoint (Page Up)</source>
        <translation>上一個檢查點（Page Up）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>◀ Checkpoint</source>
        <translation>◀ 檢查點</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-23"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Next checkpoint</source>
        <translation>下一個檢查點</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location line="+25"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+0"/>
        <source>Next checkpoint (Page Down)</source>
        <translation>下一個檢查點（Page Down）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Checkpoint ▶</source>
        <translation>檢查點 ▶</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slower</source>
        <translation>減慢</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pause at checkpoints</source>
        <translation>在檢查點暫停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>While playing, stop at each checkpoint; Play goes on from there</source>
        <translation>播放時在每個檢查點停下；再按播放即從那裡繼續</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Show legend</source>
        <translation>顯示圖例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What each mark of the drawing means, under it; without it the drawing is larger</source>
        <translation>圖中每個記號的意思，列在圖下方；不顯示時圖會更大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Compare versions...</source>
        <translation>比較版本(&amp;C)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This scenario under two Kafka versions, one view above the other, moving together, with what differs marked</source>
        <translation>在兩個 Kafka 版本下執行此情境，上下兩個視圖一起移動，並標出不同之處</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare with &amp;real Kafka...</source>
        <translation>與真實 Kafka 比較(&amp;R)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This scenario simulated and on a real Apache Kafka cluster started on this computer, checkpoint by checkpoint, with what agrees and what differs</source>
        <translation>這個情境的模擬，以及它在本機啟動的真實 Apache Kafka 集群上的執行，逐個檢查點對照，標出一致與不同之處</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Li&amp;ve lab...</source>
        <translation>即時實驗室(&amp;V)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serve this session to real Kafka clients (kcat, Python, Java) on this computer or the classroom&apos;s network</source>
        <translation>讓這台電腦或教室網路上的真實 Kafka 客戶端（kcat、Python、Java）連到這個工作階段</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Connect to a Kafka cluster...</source>
        <translation>連線到 Kafka 集群(&amp;C)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Observe a running Kafka cluster, read-only: every replica&apos;s LEO and high watermark, the ISR and consumer groups over time</source>
        <translation>以唯讀方式觀察執行中的 Kafka 集群：每個副本的 LEO 與高水位 HW、ISR 與消費者組隨時間的變化</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Disconnect</source>
        <translation>中斷連線(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop observing the cluster; the frames stay</source>
        <translation>停止觀察集群；已有的幀會保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live</source>
        <translation>即時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the present of the live session, and follow it (Ctrl+End)</source>
        <translation>回到即時工作階段的現在，並持續跟隨（Ctrl+End）</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Undo is not offered for a live session: real clients cannot take back what they sent.</source>
        <translation>即時工作階段不提供復原：真實客戶端無法收回已送出的內容。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Undo (not in a live session)</source>
        <translation>復原（即時工作階段中不可用）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo (not in a live session)</source>
        <translation>重做（即時工作階段中不可用）</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+25"/>
        <source>Undo</source>
        <translation>復原</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Undo %1</source>
        <translation>復原 %1</translation>
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
        <translation>繼續執行 10 秒（目前不可用：執行已達記憶體預算）</translation>
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
        <translation>前進一幀；到達結尾時停下，「繼續執行 10 秒」可讓模擬繼續（右方向鍵）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Skip idle time</source>
        <translation>略過閒置時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>While playing, jump over stretches in which only heartbeats travel</source>
        <translation>播放時，跳過只有心跳在傳送的時段</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+137"/>
        <location line="+8"/>
        <source>Run on 10 s</source>
        <translation>繼續執行 10 秒</translation>
    </message>
    <message>
        <location line="-144"/>
        <location line="+141"/>
        <source>Let the simulation run 10 s past the last frame, as one undoable action (Shift+End)</source>
        <translation>讓模擬在最後一幀之後再執行 10 秒，作為一個可復原的動作（Shift+End）</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="-138"/>
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Fit to window</source>
        <translation>符合視窗大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-21"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Full screen</source>
        <translation>全螢幕</translation>
    </message>
    <message>
        <location line="-6"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-2"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Partition view</source>
        <translation>分區視圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Cluster view</source>
        <translation>集群視圖</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Show heartbeats</source>
        <translation>顯示心跳</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Open...</source>
        <translation>開啟(&amp;O)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario &amp;library...</source>
        <translation>情境庫(&amp;L)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New sandbox...</source>
        <translation>新增沙盒(&amp;N)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save scenario...</source>
        <translation>儲存情境(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;Export image...</source>
        <translation>匯出圖片(&amp;E)...</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Export &amp;animation...</source>
        <translation>匯出動畫(&amp;A)...</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+5"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>鍵盤快捷鍵(&amp;K)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+7"/>
        <source>Timeline</source>
        <translation>時間軸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Narration</source>
        <translation>解說</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inspector</source>
        <translation>檢視器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event log</source>
        <translation>事件記錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charts</source>
        <translation>圖表</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+22"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+18"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+2"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Open &amp;built-in scenario</source>
        <translation>開啟內建情境(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>Partition shown</source>
        <translation>顯示的分區</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System (%1)</source>
        <comment>language menu: follow the system&apos;s language</comment>
        <translation>系統（%1）</translation>
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
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+1"/>
        <source>&amp;About HighWater</source>
        <translation>關於 HighWater(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="-273"/>
        <source>About HighWater</source>
        <translation>關於 HighWater</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>HighWater %1

See and teach how Kafka replicates data: replica logs, LEO and HW, the ISR, elections, producers and consumer groups, frame by frame.</source>
        <translation>HighWater %1

觀察並講解 Kafka 如何複製資料：副本日志、LEO 與 HW、ISR、選舉、生產者與消費者組，一幀一幀呈現。</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowactions.cpp" line="+115"/>
        <source>No recent files</source>
        <translation>沒有最近開啟的檔案</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Clear the list</source>
        <translation>清除清單</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowsession.cpp" line="+38"/>
        <location line="+14"/>
        <location line="+152"/>
        <source>Cannot open %1: %2</source>
        <translation>無法開啟 %1：%2</translation>
    </message>
    <message numerus="yes">
        <location line="-145"/>
        <source>Opened the recording %1: %n frame(s).</source>
        <translation>
            <numerusform>已開啟錄製檔 %1：%n 幀。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Save this session?</source>
        <translation>要儲存這個工作階段嗎？</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>This session has actions that are not saved. Opening another scenario discards them.</source>
        <translation>這個工作階段有尚未儲存的動作。開啟另一個情境會捨棄它們。</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Save them as a scenario that replays to these frames?</source>
        <translation>要把它們存成一個能重播出這些幀的情境嗎？</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="-166"/>
        <source>Cannot keep the unsaved session in case of a crash: %1</source>
        <translation>無法保留未儲存的工作階段以防當機：%1</translation>
    </message>
    <message>
        <location line="+226"/>
        <location line="+16"/>
        <source>%1: not possible now (%2).</source>
        <translation>%1：目前無法執行（%2）。</translation>
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
        <translation>%1（即時工作階段不提供復原）。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1: the later frames were replaced (Undo brings them back).</source>
        <translation>%1：後面的幀已被取代（復原可以找回）。</translation>
    </message>
    <message>
        <location filename="../ui/shell/comparewindow.cpp" line="-6"/>
        <location filename="../ui/shell/mainwindow.cpp" line="+201"/>
        <location filename="../ui/shell/mainwindowactions.cpp" line="-141"/>
        <source>Pause</source>
        <translation>暫停</translation>
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
        <translation>模擬遵循 Apache Kafka %1 至 %2 在 KRaft 模式下的複製規則，版本由各情境選定（cluster.kafka_version）：高水位、ISR 與合格領導者副本、領導者紀元、選舉與消費者組再平衡。詞彙表與各課的說明指出教科書在哪些地方簡化了 Kafka。

授權條款：MIT。
以 Qt %3 建置，執行於 Qt %4。</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowsession.cpp" line="+22"/>
        <source>This session has actions that are not saved. Quitting discards them.</source>
        <translation>這個工作階段有尚未儲存的動作。結束程式會捨棄它們。</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+36"/>
        <source>A kept session cannot be restored</source>
        <translation>無法還原保留的工作階段</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>HighWater kept a session with unsaved actions when it last stopped, but the file cannot be read: %1</source>
        <translation>HighWater 上次停止時保留了一個有未儲存動作的工作階段，但無法讀取該檔案：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+31"/>
        <source>It could not be moved aside and was removed.</source>
        <translation>無法把它移到一旁，已將它刪除。</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+31"/>
        <source>It was set aside as %1 and will not be offered again.</source>
        <translation>已把它移到一旁，存為 %1，之後不會再提示。</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Restore the unsaved session?</source>
        <translation>要還原未儲存的工作階段嗎？</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>HighWater did not close properly. It kept a session with unsaved actions: “%1”, %n frame(s), kept %2.</source>
        <translation>
            <numerusform>HighWater 上次沒有正常關閉。它保留了一個有未儲存動作的工作階段：「%1」，%n 幀，保留於 %2。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Restore brings back the scenario, every action and the frame shown.</source>
        <translation>還原會找回情境、每個動作以及當時顯示的幀。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore</source>
        <translation>還原</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not now</source>
        <translation>稍後再說</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Restored the unsaved session: frame %1 of %2. Save it to keep it.</source>
        <translation>已還原未儲存的工作階段：第 %1 幀，共 %2 幀。請儲存以保留它。</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="-189"/>
        <source>A poll failed: %1. The frames stay; polling goes on.</source>
        <extracomment>After connecting, a poll failed (the cluster went away); %1: why.</extracomment>
        <translation>一次輪詢失敗：%1。已有的幀會保留；輪詢繼續進行。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No answer from broker %1; polling goes on.</source>
        <extracomment>%1: the node ids of the brokers that did not answer a poll (&quot;3&quot; or &quot;1, 2, 3&quot;).</extracomment>
        <translation>代理節點 %1 沒有回應；輪詢繼續進行。</translation>
    </message>
    <message>
        <location line="+267"/>
        <source>%1 stopped early: %2. The later frames were replaced (Undo brings them back).</source>
        <translation>%1 提前停止：%2。後面的幀已被取代（復原可以找回）。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Observed: %1</source>
        <translation>已觀察：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Live: serving at %1. A live session offers no undo.</source>
        <translation>即時：服務中，位址 %1。即時工作階段不提供復原。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The live lab stopped: %1</source>
        <translation>即時實驗室已停止：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The live lab stopped: every connection is closed; the frames stay.</source>
        <translation>即時實驗室已停止：所有連線都已關閉；幀都保留著。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot compare the versions: %1</source>
        <translation>無法比較版本：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+141"/>
        <source>⚠ This recording stops after %n frame(s): a line cannot be read.</source>
        <extracomment>%n: how many frames an observe recording&apos;s polls made before a line that cannot be read.</extracomment>
        <translation>
            <numerusform>⚠ 這個錄製檔在 %n 幀之後中止：有一行無法讀取。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The frames before that line are shown.</source>
        <translation>顯示的是該行之前的幀。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>⚠ This scenario is not valid: its steps stop after %n frame(s).</source>
        <extracomment>%n: how many frames the scenario&apos;s steps made before the error (shown on the next line).</extracomment>
        <translation>
            <numerusform>⚠ 這個情境無效：它的步驟在 %n 幀之後停止。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>highwater-cli validate refuses the file for the same reason. The frames before the error are shown; correct that step to see the rest.</source>
        <translation>highwater-cli validate 也因相同原因拒絕這個檔案。畫面顯示錯誤之前的幀；修正該步驟即可看到其餘部分。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1[*] — observed — HighWater</source>
        <extracomment>The window title of an observed session: %1 is the cluster&apos;s bootstrap list or the recording.</extracomment>
        <translation>%1[*] — 觀察中 — HighWater</translation>
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
        <translation>開啟情境</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot open the scenario</source>
        <translation>無法開啟情境</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot create the sandbox</source>
        <translation>無法建立沙盒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sandbox %1</source>
        <translation>沙盒 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Save scenario</source>
        <translation>儲存情境</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>HighWater scenarios (*.json)</source>
        <translation>HighWater 情境 (*.json)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save the scenario</source>
        <translation>無法儲存情境</translation>
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
        <translation>HighWater 情境 (*.json);;觀察錄製檔 (*.jsonl);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Saved %1: it replays to frame %2, where the session reached the size one scenario file may hold; the frames after it are not in the file.</source>
        <translation>已儲存 %1：它重播到第 %2 幀，工作階段在那裡達到一個情境檔案可容納的大小；之後的幀不在檔案中。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1: it replays to these %2 frames.</source>
        <translation>已儲存 %1：它會重播出這 %2 幀。</translation>
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
        <translation>縮放</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/mainwindow.cpp" line="+0"/>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+滾輪</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="+1"/>
        <source>What you can do to a thing in the drawing</source>
        <translation>圖中某個物件可以進行的操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right-click it</source>
        <translation>在它上面按右鍵</translation>
    </message>
    <message>
        <location filename="../ui/shell/shortcutsdialog.cpp" line="+11"/>
        <source>Keyboard shortcuts</source>
        <translation>鍵盤快捷鍵</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Command</source>
        <translation>指令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>按鍵</translation>
    </message>
</context>
<context>
    <name>hw::ui::NarrationPanel</name>
    <message>
        <location filename="../ui/panels/narrationpanel.cpp" line="+161"/>
        <source>Frame %1 · %2 ms · %3</source>
        <translation>第 %1 幀 · %2 毫秒 · %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Checkpoint %1</source>
        <translation>檢查點 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(What happened is hidden until you reveal your prediction.)</source>
        <translation>（發生了什麼會先隱藏，直到你揭曉你的預測。）</translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+52"/>
        <source>Note</source>
        <translation>備註</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>Note (from frame %1)</source>
        <translation>備註（來自第 %1 幀）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(The note is hidden until you reveal your prediction: it tells the answer.)</source>
        <translation>（說明在你揭曉預測之前先隱藏：它會說出答案。）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>(No note for this frame: the scenario&apos;s notes come with its checkpoints.)</source>
        <translation>（這一幀沒有備註：情境的備註會隨檢查點出現。）</translation>
    </message>
</context>
<context>
    <name>hw::ui::ObserveSession</name>
    <message>
        <location filename="../ui/control/observesession.cpp" line="+137"/>
        <source>Bootstrap servers: %1</source>
        <extracomment>%1: why the list is refused (&quot;bootstrap &quot;x&quot; is not HOST:PORT ...&quot;).</extracomment>
        <translation>Bootstrap 伺服器：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Topics (regex): &quot;%1&quot; is not a regular expression (ECMAScript): %2</source>
        <extracomment>%1: the expression, %2: the regex library&apos;s reason.</extracomment>
        <translation>主題（正規表示式）：「%1」不是正規表示式（ECMAScript）：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Poll every: %1 ms is too short: the interval is at least %2 ms, so that observing does not load the cluster</source>
        <translation>輪詢間隔：%1 毫秒太短：間隔至少 %2 毫秒，以免觀察造成集群負擔</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Security file: %1</source>
        <extracomment>%1: why the security file cannot be used (&quot;FILE:LINE: KEY: what was expected&quot;).</extracomment>
        <translation>安全設定檔：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Record to file: cannot write %1: %2</source>
        <extracomment>%1: the file, %2: the system&apos;s reason.</extracomment>
        <translation>錄製到檔案：無法寫入 %1：%2</translation>
    </message>
    <message>
        <location line="+138"/>
        <source>Every broker answers again.</source>
        <translation>所有代理節點都再次回應。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Recording to %1 stopped: %2. Observing goes on.</source>
        <extracomment>%1: the recording&apos;s file, %2: the system&apos;s reason. Observing goes on.</extracomment>
        <translation>錄製到 %1 已停止：%2。觀察繼續進行。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot finish the recording %1: %2</source>
        <extracomment>%1: the recording&apos;s file, %2: the system&apos;s reason.</extracomment>
        <translation>無法完成錄製檔 %1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Disconnected</source>
        <translation>已中斷連線</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1...</source>
        <translation>正在連線到 %1...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observing %1 every %2 ms</source>
        <translation>每 %2 毫秒觀察 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Observing %1 (%2) every %3 ms</source>
        <extracomment>%1: the bootstrap list, %2: the cluster id, %3: the polling interval.</extracomment>
        <translation>每 %3 毫秒觀察 %1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>interval stretched to %1 ms</source>
        <extracomment>A poll outlasted the interval, so the next one started late; %1: how long the poll took.</extracomment>
        <translation>間隔延長到 %1 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recording to %1</source>
        <translation>錄製到 %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>the recording holds no poll</source>
        <translation>錄製檔中沒有任何輪詢</translation>
    </message>
</context>
<context>
    <name>hw::ui::PredictMode</name>
    <message>
        <location filename="../ui/teaching/predictmode.cpp" line="+286"/>
        <source>The partition has no leader, so no HW.</source>
        <translation>這個分區沒有領導者，所以沒有 HW。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>✔ Right: the HW is %1.</source>
        <translation>✔ 答對了：HW 是 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✘ Not quite: you said HW %1; it is %2.</source>
        <translation>✘ 差一點：你說 HW 是 %1；實際是 %2。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>✔ Broker %1: LEO %2, right.</source>
        <translation>✔ 代理節點 %1：LEO %2，答對了。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✘ Broker %1: you said LEO %2; it is %3.</source>
        <translation>✘ 代理節點 %1：你說 LEO 是 %2；實際是 %3。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>All your guesses were right.</source>
        <translation>你的猜測全部正確。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Compare with the picture: why is it so?</source>
        <translation>和圖比較一下：為什麼會這樣？</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Predict</source>
        <translation>預測</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HW:</source>
        <translation>HW：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal (Right)</source>
        <translation>揭曉（右方向鍵）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the hidden values and check your guesses (Right or Page Down does the same)</source>
        <translation>顯示隱藏的值並檢查你的猜測（右方向鍵或 Page Down 效果相同）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LEO of broker %1:</source>
        <translation>代理節點 %1 的 LEO：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hidden while you predict: reveal (Right) to see it again.</source>
        <translation>預測期間隱藏：揭曉（右方向鍵）後再顯示。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Step forward from a checkpoint: the next picture&apos;s LEO and HW are hidden until you have guessed them.</source>
        <translation>從檢查點單步前進：下一個畫面的 LEO 和 HW 會先隱藏，直到你猜完。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What will the HW be after this step? And each replica&apos;s LEO? The picture and the narration are hidden until you reveal.</source>
        <translation>這一步之後 HW 會是多少？每個副本的 LEO 又是多少？圖和解說會先隱藏，直到你揭曉。</translation>
    </message>
</context>
<context>
    <name>hw::ui::RealCompareDialog</name>
    <message>
        <location filename="../ui/control/realcompare.cpp" line="+34"/>
        <source>Choose the directory of a Kafka distribution.</source>
        <translation>請選擇 Kafka 發行版的目錄。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a Kafka distribution: no such directory</source>
        <translation>%1 不是 Kafka 發行版：沒有這個目錄</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The scenario&apos;s cluster.kafka_version is %1 but %2 holds Kafka %3: choose a Kafka %1.x distribution (%4 makes one).</source>
        <extracomment>%1 is the scenario&apos;s version (4.4), %2 the directory, %3 the version it holds (4.2.0), %4 the command that makes a distribution of the right version.</extracomment>
        <translation>情境的 cluster.kafka_version 是 %1，但 %2 裡是 Kafka %3：請選擇一個 Kafka %1.x 發行版（%4 可以產生一個）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>This directory cannot be used: %1</source>
        <translation>無法使用這個目錄：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>real followers always fetch: manual fetch rounds (auto.fetch false) have no counterpart</source>
        <translation>真實的跟隨者總是自行拉取：手動的拉取輪次（auto.fetch false）在真實 Kafka 中沒有對應</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka truncates by leader epoch since 0.11; the legacy high-watermark truncation cannot be run</source>
        <translation>Kafka 自 0.11 起按領導者紀元截斷；舊的按高水位 HW 截斷的方式無法執行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a steady producer is a simulated-time stream; the real runner produces only in produce steps</source>
        <translation>穩定速率的生產者是模擬時間裡的資料流；真實執行只在 produce 步驟中生產</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka&apos;s group coordinator refuses a session.timeout.ms outside group.min.session.timeout.ms..group.max.session.timeout.ms (%1..%2 ms by default) with INVALID_SESSION_TIMEOUT; the model has no such bound</source>
        <translation>Kafka 的消費者組協調者以 INVALID_SESSION_TIMEOUT 拒絕 group.min.session.timeout.ms..group.max.session.timeout.ms（預設 %1..%2 毫秒）以外的 session.timeout.ms；模型沒有這個限制</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the harness&apos;s consumers subscribe as members of a group; a consumer with a manual assignment is not run on a real cluster</source>
        <translation>測試工具的消費者以消費者組成員的身分訂閱；手動指派分區的消費者不在真實集群上執行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the real runner changes only min.insync.replicas and unclean.leader.election.enable on a running cluster; %1 is fixed when its nodes or clients start (set it in cluster.config)</source>
        <translation>真實執行只能在運行中的集群上更改 min.insync.replicas 和 unclean.leader.election.enable；%1 在其節點或用戶端啟動時就已固定（請在 cluster.config 中設定）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Kafka&apos;s consumer cannot crash alone: the harness&apos;s consumers share one JVM, and closing one sends LeaveGroup, which a crash does not</source>
        <translation>Kafka 的消費者無法單獨崩潰：測試工具的消費者共用一個 JVM，關閉其中一個會發送 LeaveGroup，而崩潰不會</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>consumer %1 polls on its own (auto.poll); a poll step is for a consumer with auto.poll false</source>
        <translation>消費者 %1 會自行輪詢（auto.poll）；poll 步驟只用於 auto.poll 為 false 的消費者</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kafka&apos;s consumer fixes max.poll.records when it is made (%1 for %2); a poll cannot ask for another number</source>
        <translation>Kafka 的消費者在建立時就固定 max.poll.records（%2 的是 %1）；一次輪詢不能要求其他數量</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the real runner waits for every poll&apos;s answer</source>
        <translation>真實執行會等待每次輪詢的回應</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a manual fetch round has no counterpart: real followers fetch on their own</source>
        <translation>手動的拉取輪次沒有對應：真實的跟隨者會自行拉取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a run step replays the simulation&apos;s events one by one; a real cluster&apos;s events cannot be counted or stopped between</source>
        <translation>run 步驟逐一重播模擬的事件；真實集群的事件無法計數，也無法在事件之間暫停</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a clock step sets the simulated clock; a real cluster runs on the wall clock (use advance)</source>
        <translation>clock 步驟設定模擬時鐘；真實集群依實際時間運行（請用 advance）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a recorded live client&apos;s request (or a dropped message) replays the simulation&apos;s network; it has no counterpart on a real cluster</source>
        <translation>錄下的即時用戶端請求（或丟棄的消息）重播的是模擬的網路；在真實集群上沒有對應</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SIGKILL keeps the page cache, so a real restart loses no unflushed records; a power loss cannot be made on this machine</source>
        <translation>SIGKILL 會保留頁面快取，所以真實的重啟不會遺失未刷寫的記錄；這台電腦無法製造斷電</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the real runner waits for every controlled shutdown to end</source>
        <translation>真實執行會等待每次受控關閉結束</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a topic created at run time without an assignment is placed by the model&apos;s seeded striped placer and by Kafka&apos;s controller from its own Random, which draw apart; give the step an assignment</source>
        <translation>執行中建立、沒有指定分配的主題，在模型裡由帶種子的 striped placer 放置，在 Kafka 裡由控制器用它自己的 Random 放置，兩者會不同；請為這個步驟指定 assignment</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>a cut on a real network delays what it swallows (TCP retransmits it after the heal); one that loses it for good cannot be made</source>
        <translation>真實網路上的斷線只會延遲被吞掉的資料（TCP 會在恢復連線後重傳）；無法做出讓資料永久遺失的斷線</translation>
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
        <translation>與真實 Kafka 比較</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>HighWater runs this scenario in its simulation and on a real Apache Kafka cluster started on this computer (a controller and %n broker(s), each a Java process), then shows both at each checkpoint with what agrees and what differs. A real run takes minutes.</source>
        <translation>
            <numerusform>HighWater 在它的模擬中執行這個情境，也在本機啟動的真實 Apache Kafka 集群（一個控制器和 %n 個代理節點，各是一個 Java 進程）上執行，然後在每個檢查點並排顯示兩者，標出一致與不同之處。一次真實執行需要幾分鐘。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This scenario is for Kafka %1, so the distribution must be Kafka %1. In HighWater&apos;s source tree &lt;code&gt;%2&lt;/code&gt; assembles one from Maven Central and prints its directory; an Apache Kafka %1 release unpacked works too.</source>
        <translation>這個情境適用於 Kafka %1，所以發行版必須是 Kafka %1。在 HighWater 的原始碼目錄中，&lt;code&gt;%2&lt;/code&gt; 會從 Maven Central 組裝一個發行版並印出它的目錄；解壓縮的 Apache Kafka %1 正式版也可以。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kafka distribution directory:</source>
        <translation>Kafka 發行版目錄：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The directory scripts/kafka-dist %1 printed</source>
        <translation>scripts/kafka-dist %1 印出的目錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse...</source>
        <translation>瀏覽...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Real Kafka cannot run this scenario. Nothing will start until these are gone from it (each with its place in the scenario file):</source>
        <translation>真實 Kafka 無法執行這個情境。在情境中去掉下列各項之前，什麼都不會啟動（每一項附有它在情境檔案中的位置）：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the simulation and the real cluster, then compare them at each checkpoint</source>
        <translation>執行模擬與真實集群，然後在每個檢查點比較兩者</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Kafka distribution directory</source>
        <translation>Kafka 發行版目錄</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Apache Kafka %1 in %2</source>
        <translation>Apache Kafka %1，位於 %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cancel run</source>
        <translation>取消執行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the real run: every Kafka process is stopped and its files removed</source>
        <translation>停止真實執行：每個 Kafka 進程都會停止，其檔案會被刪除</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cancelling: stopping every Kafka process...</source>
        <translation>正在取消：停止每個 Kafka 進程...</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Simulating the scenario...</source>
        <translation>正在模擬情境...</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Starting Kafka: a controller and %n broker(s)...</source>
        <translation>
            <numerusform>正在啟動 Kafka：一個控制器和 %n 個代理節點...</numerusform>
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
        <translation>正在比較檢查點...</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Elapsed %1</source>
        <extracomment>The time a real run has taken so far: &quot;Elapsed 2:05&quot;.</extracomment>
        <translation>已用時間 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run was cancelled: every Kafka process was stopped and the cluster&apos;s files removed.</source>
        <translation>執行已取消：每個 Kafka 進程都已停止，集群的檔案已刪除。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The real run failed.</source>
        <translation>真實執行失敗。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run failed: %1</source>
        <translation>執行失敗：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Done in %1.</source>
        <translation>完成，用時 %1。</translation>
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
        <translation>結果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fact</source>
        <translation>事實</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Simulated</source>
        <translation>模擬</translation>
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
        <translation>已知差異</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not compared</source>
        <translation>未比較</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>leader</source>
        <translation>領導者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leader epoch</source>
        <translation>領導者紀元</translation>
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
        <translation>最後已知 ELR</translation>
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
        <translation>記錄</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lost records</source>
        <translation>丟失的記錄</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+15"/>
        <source>checkpoint</source>
        <translation>檢查點</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>%1 replica %2</source>
        <extracomment>A replica in View &gt; Compare with real Kafka: &quot;orders-0 replica 2&quot; (the partition, the broker).</extracomment>
        <translation>%1 在代理節點 %2 上的副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>producer %1</source>
        <translation>生產者 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: %2 %3: %4 simulated, %5 on Kafka</source>
        <extracomment>One fact of View &gt; Compare with real Kafka: the verdict, where, the fact, the simulated value and the value real Kafka was observed with: &quot;≠ differs: orders-0 ISR: [1,2] simulated, [1,2,3] on Kafka&quot;.</extracomment>
        <translation>%1：%2 %3：模擬為 %4，Kafka 上為 %5</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>agree %1 · differ %2 · known %3 · not compared %4</source>
        <extracomment>The counts of View &gt; Compare with real Kafka&apos;s verdicts: &quot;agree 12 · differ 1 · known 2 · not compared 0&quot;.</extracomment>
        <translation>一致 %1 · 不同 %2 · 已知差異 %3 · 未比較 %4</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Kafka&apos;s controller moved leadership back to the preferred replica, broker 1: after a leader change it checks every leader.imbalance.check.interval.seconds (300 s; QuorumController.maybeScheduleNextBalancePartitionLeaders, auto.leader.rebalance.enable) and elects the preferred replica once it is in the ISR. The scenario reaches checkpoint 11 after 127 simulated seconds; the real run after 370 wall-clock seconds (five-broker start, eleven restarts that each wait until the broker is unfenced, the checkpoints&apos; log reads), so the check comes first on the real side only</source>
        <translation>Kafka 的控制器把領導權移回了首選副本，代理節點 1：領導者變更後，它每隔 leader.imbalance.check.interval.seconds（300 秒；QuorumController.maybeScheduleNextBalancePartitionLeaders，auto.leader.rebalance.enable）檢查一次，並在首選副本進入 ISR 後選它為領導者。情境在模擬時間 127 秒後到達檢查點 11；真實執行則在實際時間 370 秒後才到達（五個代理節點的啟動、十一次各自等到代理節點解除封鎖的重啟、各檢查點的日誌讀取），所以只有真實一方先做了這次檢查</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Brokers 2 and 3 are killed a few milliseconds apart. The controller fences each broker.session.timeout.ms after its last heartbeat (every broker.heartbeat.interval.ms, 2 s, each broker at its own phase; BrokerHeartbeatManager fences the stalest first), and only the second fence takes the ISR below min.insync.replicas, so the broker fenced second is the one kept in the ELR. Which one that is depends on the brokers&apos; heartbeat phases: two Kafka 4.4.0 runs gave [3] and [2]; the model&apos;s brokers heartbeat in step, so broker 2, killed first, is always fenced first</source>
        <translation>代理節點 2 和 3 相隔幾毫秒被終止。控制器在每個代理節點最後一次心跳之後 broker.session.timeout.ms 封鎖它（心跳每 broker.heartbeat.interval.ms 一次，2 秒，各代理節點的相位不同；BrokerHeartbeatManager 先封鎖最久沒有心跳的），只有第二次封鎖才使 ISR 低於 min.insync.replicas，所以第二個被封鎖的代理節點留在 ELR 中。是哪一個取決於代理節點的心跳相位：兩次 Kafka 4.4.0 執行分別得到 [3] 和 [2]；模型的代理節點同步心跳，所以先被終止的代理節點 2 總是先被封鎖</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>the checkpoint is pending: %1</source>
        <extracomment>%1 is the scenario&apos;s own words for why its checkpoint is not quiescent (its &quot;pending&quot; text).</extracomment>
        <translation>此檢查點尚未靜止（pending）：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the observer did not read this log (a pending checkpoint is read without the logs)</source>
        <translation>觀察器沒有讀取這份日誌（尚未靜止的檢查點不讀取日誌）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>broker %1 is down on both sides: Kafka %2 reads a stopped replica&apos;s HW from its checkpoint file, written every replica.high.watermark.checkpoint.interval.ms (5 s), so it is a timing, not a fact</source>
        <translation>代理節點 %1 在兩邊都已停止：Kafka %2 從檢查點檔案讀取已停止副本的高水位 HW，該檔案每 replica.high.watermark.checkpoint.interval.ms（5 秒）寫入一次，所以這是時間點的問題，而不是事實</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no broker is running, so none can be asked for the partition&apos;s metadata (the observer read the logs from the files only)</source>
        <translation>沒有代理節點在運行，因此無法詢問分區的元資料（觀察器只從檔案讀取了日誌）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kafka %1 does not report the ELR (DescribeTopicPartitions, Kafka 3.8+)</source>
        <translation>Kafka %1 不回報 ELR（DescribeTopicPartitions，Kafka 3.8+）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kafka %1 does not report the last known ELR (DescribeTopicPartitions, Kafka 3.8+)</source>
        <translation>Kafka %1 不回報最後已知 ELR（DescribeTopicPartitions，Kafka 3.8+）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the logs differ from offset %1</source>
        <translation>日誌從偏移量 %1 起不同</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>pending: %1</source>
        <extracomment>Why a checkpoint is not compared; %1 is the scenario&apos;s own words for what is still pending.</extracomment>
        <translation>尚未靜止（pending）：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only in the simulation: the real run has no checkpoint &quot;%1&quot;</source>
        <translation>只在模擬中：真實執行沒有檢查點「%1」</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only in the real run: the simulation has no checkpoint &quot;%1&quot;</source>
        <translation>只在真實執行中：模擬沒有檢查點「%1」</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Apache Kafka %1, observed</source>
        <extracomment>Over the view of the real run; %1 is Kafka&apos;s full version, such as 4.4.0.</extracomment>
        <translation>Apache Kafka %1，實際觀察</translation>
    </message>
</context>
<context>
    <name>hw::ui::RealCompareWindow</name>
    <message>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-4"/>
        <source>Full screen, large text, high contrast; the two runs side by side, each under its label (F5, Esc to leave)</source>
        <translation>全螢幕、大字、高對比；兩個執行並排，各自在其標籤之下（F5，按 Esc 離開）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show the facts that agree</source>
        <translation>顯示一致的事實</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each fact of this checkpoint in both runs: ✓ agree, ≠ differs (outlined with a ≠ badge in both drawings), ≈ a known difference with its reason, – not compared and why</source>
        <translation>這個檢查點在兩次執行中的每個事實：✓ 一致，≠ 不同（在兩幅圖中以 ≠ 標記框出），≈ 已知差異及其原因，– 未比較及其原因</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: simulated and on Apache Kafka %2 — HighWater</source>
        <extracomment>The window of View &gt; Compare with real Kafka: &quot;Leader failover: simulated and on Apache Kafka 4.4.0&quot;.</extracomment>
        <translation>%1：模擬與 Apache Kafka %2 上的執行 — HighWater</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>◆%1 (%2 of %3)</source>
        <extracomment>A checkpoint in the list of View &gt; Compare with real Kafka: &quot;◆after-kill (2 of 4)&quot;.</extracomment>
        <translation>◆%1（第 %2 個，共 %3 個）</translation>
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
        <translation>HighWater 模擬</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No checkpoints to compare</source>
        <translation>沒有可比較的檢查點</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Checkpoint ◆%1, %2 of %3</source>
        <extracomment>The heading of the facts in View &gt; Compare with real Kafka: &quot;Checkpoint ◆after-kill, 2 of 4&quot;.</extracomment>
        <translation>檢查點 ◆%1，第 %2 個，共 %3 個</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not compared: %1</source>
        <translation>未比較：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All checkpoints: %1</source>
        <extracomment>The whole comparison&apos;s counts, under the checkpoint bar: &quot;All checkpoints: agree 40 · differ 1 · ...&quot;.</extracomment>
        <translation>所有檢查點：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Frame %1 · %2 ms simulated</source>
        <extracomment>Beside &quot;HighWater, simulated&quot;, over the simulated drawing: &quot;Frame 29 · 1548 ms simulated&quot;.</extracomment>
        <translation>第 %1 幀 · 模擬時間 %2 毫秒</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The simulation has no checkpoint ◆%1.</source>
        <translation>模擬中沒有檢查點 ◆%1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 s after the cluster was up</source>
        <extracomment>When a checkpoint was observed on the real cluster: &quot;83 s after the cluster was up&quot;.</extracomment>
        <translation>集群啟動後 %1 秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The real run did not reach checkpoint ◆%1.</source>
        <translation>真實執行沒有到達檢查點 ◆%1。</translation>
    </message>
</context>
<context>
    <name>hw::ui::SandboxDialog</name>
    <message>
        <location filename="../ui/shell/sandboxdialog.cpp" line="+43"/>
        <source>New sandbox</source>
        <translation>新增沙盒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A cluster of your own with nothing scripted: its first %1 seconds run on their own (heartbeats, fetches), then act on it from the control panel and the context menus, step through what happens, and save it as a scenario.</source>
        <translation>一個你自己的集群，沒有預先寫好的腳本：它的前 %1 秒會自行運轉（心跳、Fetch），接著用控制面板和右鍵選單操作它，逐步觀察發生的事，並把它儲存成情境。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Kafka %1 (default)</source>
        <translation>Kafka %1（預設）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kafka %1</source>
        <translation>Kafka %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The release whose rules the cluster follows: elections, the ISR, restarts and fencing as that version has them (cluster.kafka_version)</source>
        <translation>集群所依循規則的版本：選舉、ISR、重新啟動與封鎖，都依該版本的做法（cluster.kafka_version）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Topic names separated by commas</source>
        <translation>以逗號分隔的主題名稱</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Allow unclean leader election</source>
        <translation>允許非乾淨領導者選舉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Followers fetch on their own (auto.fetch)</source>
        <translation>跟隨者副本自動 Fetch（auto.fetch）</translation>
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
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kafka version</source>
        <translation>Kafka 版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Brokers</source>
        <translation>代理節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topics</source>
        <translation>主題</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Partitions per topic</source>
        <translation>每個主題的分區數</translation>
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
        <translation>網路延遲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producers</source>
        <translation>生產者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Producer acks</source>
        <translation>生產者 acks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumer groups</source>
        <translation>消費者組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumers per group</source>
        <translation>每組的消費者數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spare consumers per group (added later)</source>
        <translation>每組的備用消費者（稍後加入）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Create</source>
        <translation>建立</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Give the sandbox a name.</source>
        <translation>請為沙盒取個名稱。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The name is longer than %1 bytes.</source>
        <translation>名稱超過 %1 個位元組。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A cluster has 1 to %1 brokers.</source>
        <translation>集群有 1 到 %1 個代理節點。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A topic name is empty: write names separated by commas, such as &quot;orders, payments&quot;.</source>
        <translation>有一個主題名稱是空的：請以逗號分隔名稱，例如「orders, payments」。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;%1&quot; is not a valid topic name: use letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (at most %2).</source>
        <translation>「%1」不是有效的主題名稱：請使用字母、數字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;（最多 %2 個）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&quot;%1&quot; starts with &quot;__&quot;, which Kafka keeps for its internal topics.</source>
        <translation>「%1」以「__」開頭，Kafka 將這種名稱保留給內部主題。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The topic &quot;%1&quot; is listed twice.</source>
        <translation>主題「%1」列出了兩次。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>At most %1 topics; you listed %2.</source>
        <translation>最多 %1 個主題；你列出了 %2 個。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A topic has 1 to %1 partitions.</source>
        <translation>每個主題有 1 到 %1 個分區。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A replication factor of %1 needs at least %1 brokers, one per replica; the cluster has %2. Lower the replication factor or add brokers.</source>
        <translation>副本因子 %1 需要至少 %1 個代理節點，每個副本一個；集群只有 %2 個。請降低副本因子或增加代理節點。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The replication factor is at least 1.</source>
        <translation>副本因子至少為 1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At most %1 producers.</source>
        <translation>最多 %1 個生產者。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 groups of %2 consumers make %3 consumers; at most %4 fit.</source>
        <translation>%1 個消費者組、每組 %2 個消費者，共 %3 個消費者；最多只能容納 %4 個。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A consumer group needs at least one consumer.</source>
        <translation>消費者組至少需要一個消費者。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>min.insync.replicas %1 is larger than the replication factor %2: every acks=all produce will be refused with NOT_ENOUGH_REPLICAS.</source>
        <translation>min.insync.replicas %1 大於副本因子 %2：每個 acks=all 的發送都會因 NOT_ENOUGH_REPLICAS 被拒絕。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>With one replica per partition there are no followers: nothing is replicated.</source>
        <translation>每個分區只有一個副本時沒有跟隨者副本：什麼都不會被複製。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>min.insync.replicas equals the replication factor: one slow or dead follower stops acks=all produces.</source>
        <translation>min.insync.replicas 等於副本因子：只要有一個跟隨者副本變慢或失效，acks=all 的發送就會停止。</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Cannot create: %1</source>
        <translation>無法建立：%1</translation>
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
        <translation>情境庫</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Open a file...</source>
        <translation>開啟檔案...</translation>
    </message>
</context>
<context>
    <name>hw::ui::SimController</name>
    <message>
        <location filename="../ui/control/simcontroller.cpp" line="+112"/>
        <source>The scenario stops early: %1</source>
        <translation>情境提前結束：%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The session is not an observed one.</source>
        <translation>這個工作階段不是觀察所得。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Observing a real cluster: read-only</source>
        <translation>正在觀察真實集群：唯讀</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>The run stopped at frame %1 (%2 s simulated): its history reached the memory budget of %3. Earlier frames stay; act at an earlier frame to continue from there.</source>
        <translation>執行停在第 %1 幀（模擬時間 %2 秒）：它的歷史記錄已達到 %3 的記憶體預算。先前的幀都會保留；在較早的幀執行操作即可從那裡繼續。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Nothing is left to happen: no message or timer is queued.</source>
        <translation>已經沒有事情會發生：沒有排隊中的消息或計時器。</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>Paused at checkpoint %1. Press Play to go on.</source>
        <translation>已在檢查點 %1 暫停。按播放即可繼續。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>End of the run. Play &gt; Run on 10 s lets the simulation go on (Undo takes it back).</source>
        <translation>執行到盡頭了。播放 &gt; 繼續執行 10 秒 可讓模擬繼續（復原可撤回）。</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Frame %1 is older than what the session saved before its oldest frames were dropped; act at the last frame.</source>
        <translation>第 %1 幀早於工作階段在捨棄最舊的幀之前已儲存的部分；請在最後一幀執行操作。</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>The history reached its memory budget of %1: frames before %2 (%3 simulated) were dropped. Serving goes on.</source>
        <translation>歷史記錄已達到 %1 的記憶體預算：第 %2 幀（模擬時間 %3）之前的幀已捨棄。服務繼續進行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Frame %1, which was shown, is gone: showing frame %2, the oldest kept.</source>
        <translation>正在顯示的第 %1 幀已捨棄：改為顯示保留的最舊一幀，第 %2 幀。</translation>
    </message>
</context>
<context>
    <name>hw::ui::TeachingAids</name>
    <message>
        <location filename="../ui/teaching/teachingaids.cpp" line="+159"/>
        <source>Glossary</source>
        <translation>詞彙表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terms and definitions, with the textbook&apos;s simplifications</source>
        <translation>術語與定義，以及教科書的簡化之處</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+44"/>
        <source>&amp;Theme</source>
        <translation>佈景主題(&amp;T)</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Light</source>
        <translation>淺色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High contrast</source>
        <translation>高對比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Black on white with thicker lines, for projectors</source>
        <translation>白底黑字、線條較粗，適合投影機</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="-89"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="-303"/>
        <source>&amp;Presentation mode</source>
        <translation>簡報模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Full screen, large text, high contrast; only the timeline and the narration (F5, Esc to leave)</source>
        <translation>全螢幕、大字、高對比；只顯示時間軸和解說（F5，按 Esc 離開）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <source>Leave presentation mode</source>
        <translation>離開簡報模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <source>&amp;Blank the screen</source>
        <translation>遮住畫面(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/shell/comparewindow.cpp" line="+1"/>
        <location filename="../ui/shell/realcomparewindow.cpp" line="+1"/>
        <source>Cover the drawing with black, as a presenter remote does (&apos;.&apos; or B; again to show it)</source>
        <translation>像簡報遙控器一樣以黑色遮住圖（按 &apos;.&apos; 或 B；再按一次顯示）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>↻ Followers now fetch on their own, as every Kafka follower does. You acted beyond the scripted steps, so auto.fetch was switched on (Undo switches it off).</source>
        <translation>↻ 跟隨者現在會自行 Fetch，就像每個 Kafka 跟隨者一樣。你的操作超出了腳本的步驟，所以 auto.fetch 已開啟（復原可關閉）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>↻ Followers now fetch on their own, as every Kafka follower does: actions beyond the scripted steps switched auto.fetch on.</source>
        <translation>↻ 跟隨者現在會自行 Fetch，就像每個 Kafka 跟隨者一樣：超出腳本步驟的操作開啟了 auto.fetch。</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+37"/>
        <source>&amp;Cells</source>
        <translation>格子內容(&amp;C)</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>As the scenario asks</source>
        <extracomment>View &gt; Cells: each cell says what the scenario asks for (its &quot;display&quot;; offsets if it asks nothing).</extracomment>
        <translation>依情境的設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Offsets</source>
        <translation>偏移量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Values</source>
        <translation>記錄的值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Offsets and values</source>
        <extracomment>View &gt; Cells: the record&apos;s value, with its offset in the cell&apos;s corner.</extracomment>
        <translation>偏移量與值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P&amp;redict mode</source>
        <translation>預測模式(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>After a checkpoint, hide the next LEO and HW values until the class has guessed them</source>
        <translation>在檢查點之後，隱藏下一步的 LEO 和 HW 值，直到全班猜完</translation>
    </message>
</context>
<context>
    <name>hw::ui::TimelineBar</name>
    <message>
        <location filename="../ui/panels/timelinebar.cpp" line="+59"/>
        <source>Timeline</source>
        <translation>時間軸</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>E</source>
        <comment>timeline marker: election</comment>
        <translation>選</translation>
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
        <translation>第 %1 幀：檢查點 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: checkpoint %2 (%3)</source>
        <extracomment>A checkpoint&apos;s label (%2) and its number on the timeline (%3, &quot;#3&quot;).</extracomment>
        <translation>第 %1 幀：檢查點 %2（%3）</translation>
    </message>
    <message>
        <location line="+267"/>
        <source>Frame %1: a new leader</source>
        <translation>第 %1 幀：新的領導者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: the ISR changes</source>
        <translation>第 %1 幀：ISR 變更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: records removed or lost</source>
        <translation>第 %1 幀：記錄被移除或遺失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame %1: a duplicate batch, answered with its original offsets</source>
        <translation>第 %1 幀：重複的批次，以原本的偏移量回覆</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Frame %1: the oldest frame kept; the frames before it were dropped to stay within the memory budget</source>
        <translation>第 %1 幀：保留的最舊一幀；之前的幀已為了不超過記憶體預算而捨棄</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Frame %1</source>
        <translation>第 %1 幀</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <location line="+16"/>
        <source>and %n more</source>
        <comment>timeline tooltip: lines left out</comment>
        <translation>
            <numerusform>還有 %n 項</numerusform>
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
        <translation>視圖：</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Simulated time per real second, from 1/100x to 10x</source>
        <translation>每一真實秒對應的模擬時間，從 1/100x 到 10x</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Partition</source>
        <translation>分區</translation>
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
        <translation>歷史記錄從 %1 開始；較舊的幀已捨棄（記憶體預算 %2）</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+21"/>
        <source>Frame %1 of %2 · %3 ms</source>
        <translation>第 %1 幀，共 %2 幀 · %3 毫秒</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>The live lab keeps serving at its memory budget of %1: the history starts at frame %2 (%3 simulated), and the frames before it were dropped.</source>
        <translation>即時實驗室在達到 %1 的記憶體預算時繼續服務：歷史記錄從第 %2 幀（模擬時間 %3）開始，之前的幀已捨棄。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Checkpoint %1</source>
        <translation>檢查點 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="+79"/>
        <source>See and teach how Kafka replicates data.</source>
        <translation>觀察並講解 Kafka 如何複製資料。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A scenario file or builtin:NAME to open.</source>
        <translation>要開啟的情境檔案，或 builtin:名稱。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save an image of the window and quit.</source>
        <translation>儲存視窗的圖片後結束。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start at the checkpoint with this label.</source>
        <translation>從這個標籤的檢查點開始。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start in the partition or the cluster view.</source>
        <translation>以分區視圖或集群視圖開始。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The window&apos;s size, such as 1280x720.</source>
        <translation>視窗大小，例如 1280x720。</translation>
    </message>
</context>
</TS>
