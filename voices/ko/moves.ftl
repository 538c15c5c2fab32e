# Korean move words (a moves-only pack, like fide/: hearing and announcing
# moves, no other messages). Korean players use loan words for the pieces
# (킹 퀸 룩 비숍 나이트 폰), the English letter names for files as Koreans
# say them (에이 비 씨 디 이 에프 지 에이치) and Sino-Korean numbers for
# ranks (일 이 삼 사 오 육 칠 팔); a square is its file and rank ("에프 삼").
# With file-words = "nato" the files are the NATO words as Koreans write
# them (알파 브라보 찰리 델타 에코 폭스트롯 골프 호텔); the other styles say
# the letter names.
# "이" is both the file e and the rank 2: its place in the phrase tells them
# apart.
#
# The words are chosen among those the Korean vosk model knows (its
# vocabulary has no "에이" and no "캐슬링": the file a is also heard as the
# letter "A", castling as "캐슬"); see the hear-* lists below and
# docs/benchmarks.md for what a recogniser hears of them.
piece-word = { $role ->
        [king] 킹
        [queen] 퀸
        [rook] 룩
        [bishop] 비숍
        [knight] 나이트
       *[pawn] 폰
    }
file-word = { $files ->
        [nato] { $file ->
            [a] 알파
            [b] 브라보
            [c] 찰리
            [d] 델타
            [e] 에코
            [f] 폭스트롯
            [g] 골프
           *[h] 호텔
        }
       *[other] { $file ->
            [a] 에이
            [b] 비
            [c] 씨
            [d] 디
            [e] 이
            [f] 에프
            [g] 지
           *[h] 에이치
        }
    }
rank-word = { $rank ->
        [1] 일
        [2] 이
        [3] 삼
        [4] 사
        [5] 오
        [6] 육
        [7] 칠
       *[8] 팔
    }
# A square is always said in words: "에프 삼".
square = { file-word } { rank-word }
# "나이트 에프 삼", "비숍 테이크 나이트 씨 육", "이 팔 퀸 프로모션".
move-phrase = { $castle ->
        [short] 숏 캐슬링
        [long] 롱 캐슬링
       *[none] { $piece } { $from } { $capture ->
            [yes] 테이크 { $captured } { $to }
           *[no] { $to }
        } { $ep ->
            [yes] 앙파상
           *[no] {""}
        } { $promotion ->
            [none] {""}
           *[other] { $promotion } 프로모션
        }
    } { $check ->
        [check] 체크
        [mate] 체크메이트
       *[none] {""}
    }

# Hearing spoken moves (src/hearing/understand.rs). Lists are separated by commas,
# groups by semicolons.
# Words dropped at no cost when heard: "from", "to" and hesitations.
hear-fillers = 에서, 으로, 로, 어, 음, 그, 저
# Words heard for one another at no cost: in each group every word stands
# for the first. The recogniser writes the file a as the letter "A", and the
# other letter names often as their Latin letters (its "G" is "지"), so
# those are the same words and share the letter names' confusions below
# ("e" is left out: "이" is also the rank 2).
hear-same = 테이크, 잡고; 프로모션, 승급; 에이, a; 비, b; 씨, c; 디, d; 에프, f; 지, g; 에이치, h; 캐슬링, 캐슬
# Words a recogniser confuses, and what each confusion costs: confusions.tsv
# beside this file (src/hearing/costs.rs).
# Words said before the destination of a move that is no capture ("knight to
# f three"); dropped at no cost when heard.
hear-to = {""}
# Words said after a move for check and mate; dropped at no cost when heard.
hear-check = {""}
# A castling said without its side: both castlings are meant (asked when both
# are legal).
hear-castle = {""}
# Answers a player may say before a move ("yes, knight f three"): dropped at
# no cost at the start of a move.
hear-lead = {""}
# Other ways to say the castlings (besides the move phrase). The Korean
# vosk model writes "캐슬링" as "캐슬" or "캐슬 링".
hear-castle-short = 숏 캐슬, 숏 캐슬 링
hear-castle-long = 롱 캐슬, 롱 캐슬 링
