kakuro
title "Eight 2"
by "Hanjie generator"
license MIT
difficulty 2
seed 304
size 8x8

grid
#     #     #     #     #     3\    10\   6\
#     #     #     19\   11\7  .     .     .
#     #     17\19 .     .     .     .     .
#     \7    .     .     .     \3    .     .
#     7\24  .     .     .     #     #     #
\4    .     .     4\    #     #     #     #
\6    .     .     .     #     #     #     #
\7    .     .     .     #     #     #     #

solution
# # # # # # # #
# # # # # 2 4 1
# # # 8 2 1 5 3
# # 4 2 1 # 1 2
# # 7 9 8 # # #
# 1 3 # # # # #
# 2 1 3 # # # #
# 4 2 1 # # # #
